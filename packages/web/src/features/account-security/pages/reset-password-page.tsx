// Reset password (resetPassword/{token}): the link is checked on entry and a refused one leads to
// invalidToken; a new password then leads to sign-in with the passwordChanged notice.
import { Button, Group, Stack } from '@mantine/core';
import { accountSecurityMessages as text, resetPasswordFormSchema } from '@testbed/contract';
import { Navigate, useNavigate, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { checkResetTokenOnEntry, useResetPassword } from '../api/account-security';
import { AccountFormLayout } from '../components/account-form-layout';
import { useOncePerVisit } from '../components/once-per-visit';
import { NewPasswordFields } from '../components/new-password-fields';
import { invalidTokenHref, tokenProblemOf } from '../components/token-refusal';
import { fieldRefusal, showRefusals, useContractForm } from '../../../shared/form';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';

/** The form once the link is accepted; a failure other than a refusal is shown by the shell's error boundary, as a page that failed to load. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const check = useOncePerVisit('resetPassword', () => checkResetTokenOnEntry(token));
  if (!check) {
    return (
      <AccountFormLayout title={text.RESET_PASSWORD_TITLE}>
        <QueryPlaceholder />
      </AccountFormLayout>
    );
  }
  if (!check.valid) return <Navigate to={invalidTokenHref(check.problem)} replace />;
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useContractForm(resetPasswordFormSchema, { newPassword: '', repeatPassword: '' });
  const reset = useResetPassword();

  const onSubmit = form.onSubmit((data) => {
    reset.mutate(
      { token, newPassword: data.newPassword },
      {
        onSuccess: () => void navigate(paths.signin.href({ passwordChanged: true }), { replace: true }),
        onError: (error) => {
          const problem = tokenProblemOf(error);
          if (problem) {
            void navigate(invalidTokenHref(problem), { replace: true });
            return;
          }
          showRefusals(form, error);
        },
      },
    );
  });

  const serverError =
    reset.error && !tokenProblemOf(reset.error) && !fieldRefusal(reset.error, 'newPassword')
      ? reset.error.message
      : null;

  return (
    <AccountFormLayout title={text.RESET_PASSWORD_TITLE}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <NewPasswordFields inputProps={form.getInputProps} />
          {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
          <Group justify="flex-end">
            <Button type="submit" loading={reset.isPending}>
              {text.SAVE_NEW_PASSWORD}
            </Button>
          </Group>
        </Stack>
      </form>
    </AccountFormLayout>
  );
}

export { ResetPasswordPage as Component };
