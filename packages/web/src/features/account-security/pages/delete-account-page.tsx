// Delete account (deleteAccount/{id}): a warning and the password. A wrong password shows the catalogue's two
// lines; success leads to accountDeleted, signed out.
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { accountSecurityMessages as text, deleteAccountFormSchema, commonMessages } from '@testbed/contract';
import { Link, Navigate, useNavigate } from 'react-router';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { clearSession } from '../../../shared/session';
import { useDeleteOwnAccount } from '../api/account-security';
import { useAccountAccess } from '../components/account-access';
import { AccountFormLayout } from '../components/account-form-layout';
import { fieldRefusal, useContractForm } from '../../../shared/form';
import { ErrorAlert } from '../../../shared/components/error-alert';

export function DeleteAccountPage() {
  const { userId, validId, me, own } = useAccountAccess();
  const navigate = useNavigate();
  const remove = useDeleteOwnAccount();
  const form = useContractForm(
    deleteAccountFormSchema,
    { password: '' },
    // A refused password stops showing once it is being typed again.
    { onValuesChange: () => remove.reset() },
  );

  if (!me) return null;
  if (!validId) return <MessagePage title={text.USER_NOT_FOUND} />;
  // Administrators remove other accounts with the partial deletion of the user page, not with a password.
  if (!own) return <Navigate to={paths.accessDenied.href()} replace />;

  const wrongPassword = fieldRefusal(remove.error, 'password') !== undefined;

  const onSubmit = form.onSubmit((data) => {
    remove.mutate(
      { userId, password: data.password },
      {
        // To the open page first, so that no guard moves the person elsewhere, then end the session.
        onSuccess: () => void Promise.resolve(navigate(paths.accountDeleted.href(), { replace: true })).then(clearSession),
      },
    );
  });

  return (
    <AccountFormLayout title={text.DELETE_ACCOUNT_TITLE}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Alert color="red" variant="light">
            {text.DELETE_ACCOUNT_WARNING}
          </Alert>
          <PasswordInput
            label={commonMessages.PASSWORD}
            description={text.DELETE_ACCOUNT_PASSWORD_HINT}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          {wrongPassword && (
            <Alert color="red" variant="light" role="alert" data-testid="password-wrong">
              <Text fw={600} size="sm">
                {commonMessages.PASSWORD_WRONG}
              </Text>
              <Text size="sm">{commonMessages.PASSWORD_NOT_CORRECT}</Text>
            </Alert>
          )}
          {remove.error && !wrongPassword && <ErrorAlert>{remove.error.message}</ErrorAlert>}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={paths.user.href(userId)}>
              {text.CANCEL}
            </Button>
            <Button type="submit" color="red.9" loading={remove.isPending}>
              {commonMessages.DELETE_ACCOUNT}
            </Button>
          </Group>
        </Stack>
      </form>
    </AccountFormLayout>
  );
}

export { DeleteAccountPage as Component };
