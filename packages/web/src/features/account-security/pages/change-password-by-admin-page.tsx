// An administrator sets a user's password (changePasswordByAdmin/{id}); on success the confirmation page
// infoChangePasswordByAdmin/{id} follows.
import { accountSecurityMessages as text, adminChangePasswordFormSchema } from '@testbed/contract';
import { Navigate, useNavigate } from 'react-router';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { saveSession } from '../../../shared/session';
import { useAccountSummary, useChangePasswordByAdmin } from '../api/account-security';
import { useAccountAccess } from '../components/account-access';
import { AccountFormLayout } from '../components/account-form-layout';
import { ChangePasswordForm } from '../components/change-password-form';
import { fieldRefusal, showRefusals, useContractForm } from '../../../shared/form';
import { userLine } from '../components/user-line';

export function ChangePasswordByAdminPage() {
  const { userId, validId, me, mayOnAnyAccount } = useAccountAccess();
  const admin = mayOnAnyAccount('account:change-password-by-admin');
  const navigate = useNavigate();
  const account = useAccountSummary(userId, validId && admin);
  const change = useChangePasswordByAdmin();
  const form = useContractForm(adminChangePasswordFormSchema, { newPassword: '', repeatPassword: '' });

  if (!me) return null;
  if (!validId) return <MessagePage title={text.USER_NOT_FOUND} />;
  if (!admin) return <Navigate to={paths.accessDenied.href()} replace />;

  const fieldError = fieldRefusal(change.error, 'newPassword');

  const onSubmit = form.onSubmit((data) => {
    change.mutate(
      { userId, newPassword: data.newPassword },
      {
        onSuccess: (reply) => {
          if (reply.session) saveSession(reply.session);
          void navigate(paths.infoChangePasswordByAdmin.href(userId));
        },
        onError: (error) => showRefusals(form, error),
      },
    );
  });

  return (
    <AccountFormLayout
      title={text.CHANGE_PASSWORD_TITLE}
      subtitle={account.data ? `${text.CHANGE_PASSWORD_OF} ${userLine(account.data)}` : undefined}
    >
      <ChangePasswordForm
        form={form}
        userId={userId}
        pending={change.isPending}
        failure={change.error && !fieldError ? change.error.message : null}
        onSubmit={onSubmit}
      />
    </AccountFormLayout>
  );
}

export { ChangePasswordByAdminPage as Component };
