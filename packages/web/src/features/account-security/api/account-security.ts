// The account-security calls: passwords, e-mail changes and deletion.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ChangeEmailBody, ChangePasswordBody, ChangePasswordByAdminBody, CheckTokenReply, ResetPasswordBody } from '@testbed/contract';
import { accountSecurityEndpoints as accountSecurity } from '@testbed/contract/endpoints/account-security';
import { ApiError, call } from '../../../shared/api-client';
import { endpointQuery, keyOf, useChange } from '../../../shared/endpoint-query';
import { clearSession } from '../../../shared/session';

/**
 * The calls of the open pages (forgotten password, links from mails). A session stored in this browser
 * that the server no longer accepts (expired, or ended by the very password reset) must not stand in the
 * way: it is dropped and the call made again without it.
 */
async function openCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    clearSession();
    return call();
  }
}

const open = { skipSessionInterceptor: true };

export const requestPasswordReset = (email: string) => openCall(() => call(accountSecurity.requestPasswordReset, { query: { email } }, open));

/** The check of a reset link on entry to its page: a link the server will not even read (malformed) is invalid. */
export function checkResetTokenOnEntry(token: string): Promise<CheckTokenReply> {
  return openCall(() => call(accountSecurity.checkResetToken, { body: { token } }, open)).catch((error: unknown): CheckTokenReply => {
    if (error instanceof ApiError && error.status === 400) return { valid: false, problem: 'invalid' };
    throw error;
  });
}

export const confirmChangeEmail = (token: string) => openCall(() => call(accountSecurity.confirmChangeEmail, { body: { token } }, open));

export const useAccountSummary = (userId: number, enabled = true) =>
  useQuery({ ...endpointQuery(accountSecurity.summary, { params: { id: userId } }), enabled });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () =>
  useMutation({ mutationFn: (body: ResetPasswordBody) => openCall(() => call(accountSecurity.resetPassword, { body }, open)) });
export const useChangePassword = () => useMutation({ mutationFn: (body: ChangePasswordBody) => call(accountSecurity.changePassword, { body }) });
export const useChangePasswordByAdmin = () =>
  useMutation({ mutationFn: (body: ChangePasswordByAdminBody) => call(accountSecurity.changePasswordByAdmin, { body }) });
export const useDeleteOwnAccount = () =>
  useMutation({
    mutationFn: ({ userId, password }: { userId: number; password: string }) =>
      call(accountSecurity.deleteOwnAccount, { params: { id: userId }, body: { password } }),
  });

export const useChangeEmail = () =>
  useChange(
    ({ byAdmin, ...body }: ChangeEmailBody & { byAdmin?: boolean }) =>
      call(byAdmin ? accountSecurity.changeEmailByAdmin : accountSecurity.changeEmail, { body }),
    (_body, reply) => [keyOf(accountSecurity.summary, { params: { id: reply.userId } })],
  );
