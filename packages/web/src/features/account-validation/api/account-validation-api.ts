// The account re-validation and import calls: a fetcher per call, its query options, and a hook per use.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Alike in every feature's api by design: its own contract types and schemas, its query keys, one typed fetcher per endpoint.
import {
  accountToValidateListSchema,
  confirmUserAccountUpdateReplySchema,
  importAccountsReplySchema,
  updateAccountReplySchema,
  updateTokenCheckReplySchema,
  validationCountReplySchema,
  type AccountToValidate,
  type ConfirmUserAccountUpdateReply,
  type ImportAccountsReply,
  type UpdateAccountForm,
  type UpdateAccountReply,
  type UpdateTokenCheckReply,
  type ValidationCountReply,
} from '@testbed/contract';
import { api } from '../../../shared/api-client';

export const accountValidationKeys = {
  all: ['account-validation'] as const,
  toUpdate: (dateMs: number) => [...accountValidationKeys.all, 'to-update', dateMs] as const,
  pending: () => [...accountValidationKeys.all, 'pending'] as const,
  updateToken: (token: string) => [...accountValidationKeys.all, 'update-token', token] as const,
};

export async function getAccountsToUpdate(dateMs: number, signal?: AbortSignal): Promise<AccountToValidate[]> {
  return accountToValidateListSchema.parse(await api.get<unknown>(`/api/userAccountsToUpdate/${dateMs}`, { signal }));
}

export async function getPendingAccounts(signal?: AbortSignal): Promise<AccountToValidate[]> {
  return accountToValidateListSchema.parse(await api.get<unknown>('/api/userAccountPendingList', { signal }));
}

export async function requestValidation(userIds: number[]): Promise<ValidationCountReply> {
  return validationCountReplySchema.parse(await api.post<unknown>('/api/auth/userAccountToValidate', userIds));
}

// The token calls are made by a visitor who is not signed in: their refusals are the page's to show.
export async function checkUpdateToken(token: string, signal?: AbortSignal): Promise<UpdateTokenCheckReply> {
  return updateTokenCheckReplySchema.parse(
    await api.post<unknown>('/api/auth/checkTokenExitForAccountValidation', { token }, { signal, skipSessionInterceptor: true }),
  );
}

export async function updateAccount(token: string, updateAccountForm: UpdateAccountForm): Promise<UpdateAccountReply> {
  return updateAccountReplySchema.parse(
    await api.post<unknown>('/api/auth/updateAccount', { token, updateAccountForm }, { skipSessionInterceptor: true }),
  );
}

export async function confirmAccountUpdate(token: string): Promise<ConfirmUserAccountUpdateReply> {
  return confirmUserAccountUpdateReplySchema.parse(
    await api.post<unknown>('/api/auth/confirmUserAccountUpdate', { token }, { skipSessionInterceptor: true }),
  );
}

export async function importAccounts(text: string): Promise<ImportAccountsReply> {
  return importAccountsReplySchema.parse(await api.post<unknown>('/api/auth/importAccounts', { text }));
}

export const accountsToUpdateQuery = (dateMs: number) =>
  queryOptions({ queryKey: accountValidationKeys.toUpdate(dateMs), queryFn: ({ signal }) => getAccountsToUpdate(dateMs, signal) });

export const pendingAccountsQuery = () =>
  queryOptions({ queryKey: accountValidationKeys.pending(), queryFn: ({ signal }) => getPendingAccounts(signal) });

export const updateTokenQuery = (token: string) =>
  queryOptions({
    queryKey: accountValidationKeys.updateToken(token),
    queryFn: ({ signal }) => checkUpdateToken(token, signal),
    // The link is resolved once on entry, as the spec's resolver does; a refetch would turn a just-used
    // link into "already used" under the person's eyes.
    staleTime: Infinity,
    retry: false,
  });

export const useAccountsToUpdate = (dateMs: number | null) =>
  useQuery({ ...accountsToUpdateQuery(dateMs ?? 0), enabled: dateMs !== null });
export const usePendingAccounts = () => useQuery(pendingAccountsQuery());
export const useUpdateToken = (token: string) => useQuery(updateTokenQuery(token));

export function useRequestValidation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestValidation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountValidationKeys.pending() }),
  });
}

export function useUpdateAccount(token: string) {
  return useMutation({ mutationFn: (form: UpdateAccountForm) => updateAccount(token, form) });
}

export function useImportAccounts() {
  return useMutation({ mutationFn: importAccounts });
}
