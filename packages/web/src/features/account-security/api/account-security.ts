// The account-security calls: passwords, e-mail changes and deletion.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountSummarySchema,
  changeEmailReplySchema,
  checkTokenReplySchema,
  confirmChangeEmailReplySchema,
  deleteAccountReplySchema,
  passwordChangedReplySchema,
  passwordForgottenReplySchema,
  type AccountSummary,
  type ChangeEmailBody,
  type ChangeEmailReply,
  type ChangePasswordBody,
  type ChangePasswordByAdminBody,
  type CheckTokenReply,
  type ConfirmChangeEmailReply,
  type DeleteAccountReply,
  type PasswordChangedReply,
  type PasswordForgottenReply,
  type ResetPasswordBody,
} from '@testbed/contract';
import { api, ApiError } from '../../../shared/api-client';
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

export const accountKeys = {
  all: ['account-security'] as const,
  summary: (userId: number) => [...accountKeys.all, 'summary', userId] as const,
};

export async function requestPasswordReset(email: string): Promise<PasswordForgottenReply> {
  return passwordForgottenReplySchema.parse(
    await openCall(() => api.get<unknown>('/api/auth/checkEmailResetPassword', { query: { email }, skipSessionInterceptor: true })),
  );
}

export async function checkResetToken(token: string): Promise<CheckTokenReply> {
  return checkTokenReplySchema.parse(
    await openCall(() => api.post<unknown>('/api/auth/checkTokenExits', { token }, { skipSessionInterceptor: true })),
  );
}

/** The check of a reset link on entry to its page: a link the server will not even read (malformed) is invalid. */
export function checkResetTokenOnEntry(token: string): Promise<CheckTokenReply> {
  return checkResetToken(token).catch((error: unknown): CheckTokenReply => {
    if (error instanceof ApiError && error.status === 400) return { valid: false, problem: 'invalid' };
    throw error;
  });
}

export async function resetPassword(body: ResetPasswordBody): Promise<PasswordChangedReply> {
  return passwordChangedReplySchema.parse(
    await openCall(() => api.post<unknown>('/api/auth/changePasswordForgottingPassword', body, { skipSessionInterceptor: true })),
  );
}

export async function changePassword(body: ChangePasswordBody): Promise<PasswordChangedReply> {
  return passwordChangedReplySchema.parse(await api.post<unknown>('/api/changePassword', body));
}

export async function changePasswordByAdmin(body: ChangePasswordByAdminBody): Promise<PasswordChangedReply> {
  return passwordChangedReplySchema.parse(await api.post<unknown>('/api/changePasswordByAdmin', body));
}

export async function getAccountSummary(userId: number, signal?: AbortSignal): Promise<AccountSummary> {
  return accountSummarySchema.parse(await api.get<unknown>(`/api/accountSummary/${userId}`, { signal }));
}

export async function changeEmail(body: ChangeEmailBody & { byAdmin?: boolean }): Promise<ChangeEmailReply> {
  const { byAdmin, ...payload } = body;
  return changeEmailReplySchema.parse(await api.post<unknown>(byAdmin ? '/api/changeEmailByAdmin' : '/api/changeEmail', payload));
}

export async function confirmChangeEmail(token: string): Promise<ConfirmChangeEmailReply> {
  return confirmChangeEmailReplySchema.parse(
    await openCall(() => api.post<unknown>('/api/confirmTokenChangeEmail', { token }, { skipSessionInterceptor: true })),
  );
}

export async function deleteOwnAccount({ userId, password }: { userId: number; password: string }): Promise<DeleteAccountReply> {
  return deleteAccountReplySchema.parse(await api.post<unknown>(`/api/deleteUserPartiallyByUser/${userId}`, { password }));
}

export const accountSummaryQuery = (userId: number) =>
  queryOptions({ queryKey: accountKeys.summary(userId), queryFn: ({ signal }) => getAccountSummary(userId, signal) });

export const useAccountSummary = (userId: number, enabled = true) => useQuery({ ...accountSummaryQuery(userId), enabled });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
export const useChangePasswordByAdmin = () => useMutation({ mutationFn: changePasswordByAdmin });
export const useDeleteOwnAccount = () => useMutation({ mutationFn: deleteOwnAccount });

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: (reply) => queryClient.invalidateQueries({ queryKey: accountKeys.summary(reply.userId) }),
  });
}
