// Change password (changePassword/{id}): the current password, the new one and its verification. A wrong
// current password shows the catalogue's text and a try-again prompt; success returns to the user page, still
// signed in here while every other session of the account ends.
import { Alert, PasswordInput } from '@mantine/core';
import { notifySuccess } from '../../../shared/notify';
import { accountSecurityMessages as text, changePasswordFormSchema, commonMessages } from '@testbed/contract';
import { Navigate, useNavigate } from 'react-router';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { saveSession } from '../../../shared/session';
import { useAccountSummary, useChangePassword } from '../api/account-security';
import { useAccountAccess } from '../components/account-access';
import { AccountFormLayout } from '../components/account-form-layout';
import { ChangePasswordForm } from '../components/change-password-form';
import { fieldRefusal, useContractForm } from '../../../shared/form';
import { userLine } from '../components/user-line';

export function ChangePasswordPage() {
  const { userId, validId, me, own, mayOnAnyAccount } = useAccountAccess();
  const allowed = validId && (own || mayOnAnyAccount('account:change-password-by-admin'));
  const navigate = useNavigate();
  const account = useAccountSummary(userId, allowed && !own);
  const change = useChangePassword();
  const form = useContractForm(
    changePasswordFormSchema,
    { currentPassword: '', newPassword: '', repeatPassword: '' },
    {
      // A refused current password stops showing once it is being typed again.
      onValuesChange: (values, previous) => {
        if (values.currentPassword !== previous.currentPassword && fieldRefusal(change.error, 'currentPassword')) change.reset();
      },
    },
  );

  if (!me) return null;
  if (!validId) return <MessagePage title={text.USER_NOT_FOUND} />;
  if (!allowed) return <Navigate to={paths.accessDenied.href()} replace />;

  const wrongCurrent = fieldRefusal(change.error, 'currentPassword') !== undefined;
  const otherError = change.error && !wrongCurrent && !fieldRefusal(change.error, 'newPassword') ? change.error.message : null;

  const onSubmit = form.onSubmit((data) => {
    change.mutate(
      { userId, currentPassword: data.currentPassword, newPassword: data.newPassword },
      {
        onSuccess: (reply) => {
          if (reply.session) saveSession(reply.session);
          notifySuccess(`${text.PASSWORD_CHANGED_NOTICE} ${own ? text.OTHER_SESSIONS_ENDED : ''}`.trim());
          void navigate(paths.user.href(userId));
        },
        onError: (error) => {
          // The refused current password shows in the alert below the new ones, not under its field.
          const refusal = fieldRefusal(error, 'newPassword');
          if (refusal) form.setFieldError('newPassword', refusal);
        },
      },
    );
  });

  return (
    <AccountFormLayout
      title={text.CHANGE_PASSWORD_TITLE}
      subtitle={!own && account.data ? `${text.CHANGE_PASSWORD_OF} ${userLine(account.data)}` : undefined}
    >
      <ChangePasswordForm
        form={form}
        userId={userId}
        pending={change.isPending}
        failure={otherError}
        onSubmit={onSubmit}
        currentPasswordField={
          <PasswordInput label={text.CURRENT_PASSWORD} autoComplete="current-password" required {...form.getInputProps('currentPassword')} />
        }
        currentPasswordAlert={
          wrongCurrent && (
            <Alert color="red" variant="light" role="alert" data-testid="current-password-wrong">
              {commonMessages.CURRENT_PASSWORD_WRONG}
              <br />
              {commonMessages.TRY_AGAIN}
            </Alert>
          )
        }
      />
    </AccountFormLayout>
  );
}

export { ChangePasswordPage as Component };
