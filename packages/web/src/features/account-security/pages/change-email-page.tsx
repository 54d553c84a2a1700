// Change e-mail (changeEmail/{id}) and its administrator variant (changeEmailByAdmin/{id}). The address
// changes only when the link mailed to the new one is opened; the info pages say so.
import { Loader } from '@mantine/core';
import { accountSecurityMessages as text } from '@testbed/contract';
import { Navigate, useNavigate } from 'react-router';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { useAccountSummary } from '../api/account-security';
import { useAccountAccess } from '../components/account-access';
import { AccountFormLayout } from '../components/account-form-layout';
import { ChangeEmailForm } from '../components/change-email-form';
import { ErrorAlert } from '../../../shared/components/error-alert';

function ChangeEmail({ byAdmin }: { byAdmin: boolean }) {
  const { userId, validId, me, own, mayOnAnyAccount } = useAccountAccess();
  const admin = mayOnAnyAccount('account:change-email-by-admin');
  const allowed = validId && (byAdmin ? admin : own || admin);
  const navigate = useNavigate();
  const account = useAccountSummary(userId, allowed);

  if (!me) return null;
  if (!validId) return <MessagePage title={text.USER_NOT_FOUND} />;
  if (!allowed) return <Navigate to={paths.accessDenied.href()} replace />;

  const done = () =>
    void navigate(byAdmin ? paths.infoChangeEmailByAdmin.href(userId) : paths.infoChangeEmail.href(userId));

  return (
    <AccountFormLayout title={byAdmin ? `${text.CHANGE_EMAIL_OF} ${account.data?.firstname ?? ''} ${account.data?.lastname ?? ''}`.trim() : text.CHANGE_EMAIL_TITLE}>
      {account.data ? (
        <ChangeEmailForm account={account.data} byAdmin={byAdmin} onDone={done} />
      ) : account.error ? (
        <ErrorAlert>{account.error.message}</ErrorAlert>
      ) : (
        <Loader size="sm" aria-label="Loading" />
      )}
    </AccountFormLayout>
  );
}

export const ChangeEmailPage = () => <ChangeEmail byAdmin={false} />;
export const ChangeEmailByAdminPage = () => <ChangeEmail byAdmin />;

export { ChangeEmailPage as Component };
