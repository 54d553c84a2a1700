// Reset password (resetPassword/{token}): the link is checked on entry and a refused one leads to
// invalidToken; a new password then leads to sign-in with the passwordChanged notice (accounts document,
// section 4).
import { Button, Group, Stack } from '@mantine/core';
import { accountSecurityMessages as accountSecurityMessagesEn, resetPasswordFormSchema } from '@testbed/contract';
import { redirect, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { paths } from '../../../shared/paths';
import { checkResetToken, useResetPassword } from '../api/account-security';
import { AccountFormLayout } from '../components/account-form-layout';
import { NewPasswordFields } from '../components/new-password-fields';
import { invalidTokenHref, tokenProblemOf } from '../components/token-refusal';
import { fieldRefusal, useSchemaForm } from '../components/use-schema-form';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { catalogue } from '../../../shared/i18n';

const text = catalogue('accountSecurity', accountSecurityMessagesEn);

export async function loader({ params }: LoaderFunctionArgs) {
  const token = params.token ?? '';
  const check = await checkResetToken(token).catch((error: unknown) => {
    // A link the server will not even read (malformed) is invalid; anything else is a failure to load.
    if (error instanceof ApiError && error.status === 400) return { valid: false, problem: 'invalid' as const };
    throw error;
  });
  if (!check.valid) throw redirect(invalidTokenHref(check.problem));
  return null;
}

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const form = useSchemaForm(resetPasswordFormSchema, { newPassword: '', repeatPassword: '' });
  const reset = useResetPassword();

  const onSubmit = form.handleSubmit((data) => {
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
          form.showRefusal(error, 'newPassword');
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
          <NewPasswordFields field={form.field} />
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
