// Forgotten password (/passwordForgotten): one e-mail field. Whatever the server knows, the page answers
// with the same one sentence, so nobody learns which addresses
// have an account; only a request refused for coming too often says so.
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { accountSecurityMessages as text, passwordForgottenFormSchema, commonMessages } from '@testbed/contract';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { paths } from '../../../shared/paths';
import { useRequestPasswordReset } from '../api/account-security';
import { AccountFormLayout } from '../components/account-form-layout';
import { useContractForm } from '../../../shared/form';
import { ErrorAlert } from '../../../shared/components/error-alert';

export function PasswordForgottenPage() {
  const request = useRequestPasswordReset();
  const form = useContractForm(passwordForgottenFormSchema, { email: '' }, { onValuesChange: () => request.reset() });
  const tooMany = request.error instanceof ApiError && request.error.status === 429 ? request.error : null;
  const answered = request.isSuccess || (request.isError && !tooMany);

  const onSubmit = form.onSubmit((data) => request.mutate(data.email));

  return (
    <AccountFormLayout title={text.PASSWORD_FORGOTTEN_TITLE} subtitle={text.PASSWORD_FORGOTTEN_TEXT}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput label={text.EMAIL} type="email" autoComplete="email" required {...form.getInputProps('email')} />
          {answered && (
            <Alert color="teal" variant="light" role="status" data-testid="reset-requested">
              {commonMessages.RESET_PASSWORD_SENT}
            </Alert>
          )}
          {tooMany && <ErrorAlert>{tooMany.message}</ErrorAlert>}
          <Group justify="space-between">
            <Anchor component={Link} to={paths.signin.href()}>
              {commonMessages.BACK_TO_SIGN_IN}
            </Anchor>
            <Button type="submit" loading={request.isPending}>
              {text.SEND_RESET_LINK}
            </Button>
          </Group>
        </Stack>
      </form>
    </AccountFormLayout>
  );
}

export { PasswordForgottenPage as Component };
