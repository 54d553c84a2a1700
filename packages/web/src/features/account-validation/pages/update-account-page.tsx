// Update account (updateAccount/{token}): the link a user was mailed
// when an administrator asked them to validate their account. The link is resolved on entry: an invalid one
// or one of a deleted account leads to invalidToken, a used one to accountAlreadyUpdatedByUser; otherwise
// the form shows the account's current data in the sign-up's fields (shared/components/account-fields.tsx).
// On success the user goes to updateAccountPending.
import { Alert, Button, Group, NativeSelect, Paper, Stack, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  accountValidationMessages as text,
  registrationMessages as labels,
  updateAccountFormSchema,
  type UpdateAccountPrefill,
  type UpdateTokenCheckReply,
} from '@testbed/contract';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { CredentialFields, EmployerFields, IntendedUsageField, PersonalFields } from '../../../shared/components/account-fields';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { LoadingBar } from '../../../shared/components/loading-bar';
import { PageHeading } from '../../../shared/components/page-heading';
import { SshKeyField } from '../../../shared/components/ssh-key-field';
import { generalFailure, showRefusals, useContractForm } from '../../../shared/form';
import { paths } from '../../../shared/paths';
import { reportFailure } from '../../../shared/report-failure';
import { useUpdateAccount, useUpdateToken } from '../api/account-validation-api';
import { ExistingSshKeys } from '../components/existing-ssh-keys';

export function UpdateAccountPage() {
  useDocumentTitle(`${text.UPDATE_ACCOUNT} | Testbed Portal`);
  const token = useParams().token ?? '';
  const check = useUpdateToken(token);

  if (check.isPending) return <LoadingBar mt="xl" />;
  if (check.isError) {
    return (
      <Alert color="red" variant="light" mt="xl" role="alert">
        {check.error.message}
      </Alert>
    );
  }
  const reply = check.data;
  if (reply.status === 'token_already_used') return <Navigate to={paths.accountAlreadyUpdatedByUser.href()} replace />;
  if (reply.status !== 'token_valid' || !reply.account) return <Navigate to={paths.invalidToken.href()} replace />;
  return <UpdateAccountForm token={token} reply={reply} account={reply.account} />;
}

function UpdateAccountForm({ token, reply, account }: { token: string; reply: UpdateTokenCheckReply; account: UpdateAccountPrefill }) {
  const navigate = useNavigate();
  const update = useUpdateAccount(token);
  const { username: _username, email: _email, credentials: _credentials, ...prefill } = account;
  const form = useContractForm(
    updateAccountFormSchema,
    { ...prefill, password: '', repassword: '', sshKey: '', removedCredentialIds: [] as number[] },
    { onValuesChange: () => update.reset() },
  );
  const inputProps = form.getInputProps;

  const readKeyFile = (key: string | null) => {
    if (key === null) form.setFieldError('sshKey', text.FILE_UNREADABLE);
    else form.setFieldValue('sshKey', key);
  };

  const onSubmit = form.onSubmit((data) => {
    update.mutate(data, {
      onSuccess: () => void navigate(paths.updateAccountPending.href(), { replace: true }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) void navigate(paths.accountAlreadyUpdatedByUser.href(), { replace: true });
        else if (error instanceof ApiError && error.status === 404) void navigate(paths.invalidToken.href(), { replace: true });
        else if (!showRefusals(form, error) && !(error instanceof ApiError)) reportFailure('Updating the account failed', error);
      },
    });
  });
  const failure = generalFailure(update.error);

  return (
    <Stack maw={900} mx="auto" mt="lg" gap="lg">
      <PageHeading title={text.UPDATE_ACCOUNT} intro={text.UPDATE_ACCOUNT_HELP} />
      <Paper withBorder shadow="xs" radius="md" p="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="lg">
            <PersonalFields
              inputProps={inputProps}
              identity={
                <>
                  <TextInput label={labels.USERNAME} value={account.username} readOnly />
                  <TextInput label={labels.EMAIL} value={account.email} readOnly />
                </>
              }
            />
            <CredentialFields
              inputProps={inputProps}
              sshKey={
                <>
                  <ExistingSshKeys
                    credentials={account.credentials}
                    removed={form.values.removedCredentialIds ?? []}
                    onChange={(removed) => form.setFieldValue('removedCredentialIds', removed)}
                  />
                  <SshKeyField
                    top="md"
                    label={text.ADD_SSH_KEY}
                    rows={3}
                    {...form.getInputProps('sshKey')}
                    readFromFile={{ label: text.READ_FROM_FILE, onRead: readKeyFile }}
                  />
                </>
              }
            />
            <EmployerFields
              inputProps={inputProps}
              kinds={
                <>
                  <NativeSelect label={labels.EMPLOYER_TYPE} data={['', ...reply.employerTypes]} {...form.getInputProps('employerType')} />
                  <NativeSelect
                    label={labels.PROFESSIONAL_STATUS}
                    data={['', ...reply.professionalStatuses]}
                    {...form.getInputProps('professionalStatus')}
                  />
                </>
              }
            />
            <IntendedUsageField inputProps={inputProps} required />
            {failure && <ErrorAlert>{failure}</ErrorAlert>}
            <Group justify="space-between">
              <Button component={Link} to={paths.signin.href()} variant="default">
                {text.GO_BACK_TO_SIGN_IN}
              </Button>
              <Button type="submit" disabled={!form.isValid()} loading={update.isPending}>
                {text.UPDATE_MY_ACCOUNT}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

export { UpdateAccountPage as Component };
