// Sign-up (/signup): the sections personal information, credentials, employer, intended usage and captcha;
// submit, reset and back to sign-in. Every rule is the contract's schema, so the messages are those the
// server answers (components/use-signup-form.ts); submit stays disabled while the form is invalid. Success
// leads to registrationPending.
import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { registrationMessages as m } from '@testbed/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CredentialFields, EmployerFields, IntendedUsageField, PersonalFields } from '../../../shared/components/account-fields';
import { PageHeading } from '../../../shared/components/page-heading';
import { generalFailure } from '../../../shared/form';
import { paths } from '../../../shared/paths';
import { useSignupChoices } from '../api/registration';
import {
  EmployerKinds,
  ExistingEmployers,
  IdentityFields,
  PhotoField,
  SignupCaptcha,
  SignupSshKeyField,
} from '../components/signup-fields';
import { useSignupForm } from '../components/use-signup-form';

export function SignupPage() {
  useDocumentTitle(`${m.SIGN_UP_TITLE} | Testbed Portal`);
  const navigate = useNavigate();
  const choices = useSignupChoices();
  const state = useSignupForm(() => void navigate(paths.registrationPending.href()));
  // A new key after Reset clears what the inputs keep of their own (the employers' search).
  const [formKey, setFormKey] = useState(0);
  const inputProps = state.form.getInputProps;
  const failure = generalFailure(state.signup.error);

  return (
    <Stack maw={900} mx="auto" mt="lg" mb="xl" gap="lg">
      <PageHeading title={m.SIGN_UP_TITLE} intro={m.SIGN_UP_INTRO} />
      <Paper withBorder shadow="xs" radius="md" p="lg">
        <form onSubmit={state.submit} noValidate aria-label={m.SIGN_UP_TITLE} key={formKey}>
          <Stack gap="lg">
            <PersonalFields inputProps={inputProps} identity={<IdentityFields state={state} />} after={<PhotoField state={state} />} />
            <CredentialFields inputProps={inputProps} sshKey={<SignupSshKeyField state={state} />} />
            <EmployerFields
              inputProps={inputProps}
              above={<ExistingEmployers state={state} employers={choices.data?.employers ?? []} />}
              kinds={<EmployerKinds state={state} choices={choices.data} />}
            />
            <IntendedUsageField inputProps={inputProps} required={false} />
            <SignupCaptcha state={state} />
            {failure && (
              <Alert color="red" variant="light" data-testid="signup-error">
                {failure}
              </Alert>
            )}
            <Group justify="space-between">
              <Button component={Link} to={paths.signin.href()} variant="subtle">
                {m.BACK_TO_SIGN_IN}
              </Button>
              <Group>
                <Button
                  variant="default"
                  onClick={() => {
                    state.reset();
                    setFormKey((n) => n + 1);
                  }}
                >
                  {m.RESET}
                </Button>
                <Button type="submit" disabled={!state.canSubmit} loading={state.signup.isPending}>
                  {m.SUBMIT}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

export { SignupPage as Component };
