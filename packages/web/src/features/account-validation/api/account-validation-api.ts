// The account re-validation and import calls: a hook per use, each calling its endpoint of the contract's table.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { UpdateAccountForm } from '@testbed/contract';
import { accountValidationEndpoints as accountValidation } from '@testbed/contract/endpoints/account-validation';
import { call } from '../../../shared/api-client';
import { endpointQuery, keyOf, useChange } from '../../../shared/endpoint-query';

export const useAccountsToUpdate = (dateMs: number | null) =>
  useQuery({ ...endpointQuery(accountValidation.accountsToUpdate, { params: { date: dateMs ?? 0 } }), enabled: dateMs !== null });
export const usePendingAccounts = () => useQuery(endpointQuery(accountValidation.pendingAccounts));

// The token calls are made by a visitor who is not signed in: their refusals are the page's to show. The
// token is sent in the body, so it ends the key.
export const useUpdateToken = (token: string) =>
  useQuery({
    queryKey: [...keyOf(accountValidation.checkUpdateToken), token],
    queryFn: ({ signal }) => call(accountValidation.checkUpdateToken, { body: { token } }, { signal, skipSessionInterceptor: true }),
    // The link is resolved once on entry (docs/web-app.md); a refetch would turn a just-used
    // link into "already used" under the person's eyes.
    staleTime: Infinity,
    retry: false,
  });

/** Resolved once on entry: a second run would read "validated by another administrator". */
export const useConfirmAccountUpdate = (token: string) =>
  useQuery({
    queryKey: [...keyOf(accountValidation.confirmUpdate), token],
    queryFn: () => call(accountValidation.confirmUpdate, { body: { token } }, { skipSessionInterceptor: true }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useRequestValidation = () =>
  useChange((userIds: number[]) => call(accountValidation.requestValidation, { body: userIds }), () => [accountValidation.pendingAccounts]);

export const useUpdateAccount = (token: string) =>
  useMutation({
    mutationFn: (updateAccountForm: UpdateAccountForm) =>
      call(accountValidation.updateAccount, { body: { token, updateAccountForm } }, { skipSessionInterceptor: true }),
  });

export const useImportAccounts = () => useMutation({ mutationFn: (text: string) => call(accountValidation.importAccounts, { body: { text } }) });
