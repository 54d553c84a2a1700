// The sign-up calls: a hook per use, each calling its endpoint of the contract's table.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { SignupForm } from '@testbed/contract';
import { registrationEndpoints as registration } from '@testbed/contract/endpoints/registration';
import { call } from '../../../shared/api-client';
import { endpointQuery, keyOf } from '../../../shared/endpoint-query';

export const checkEmail = (email: string) => call(registration.emailAvailability, { query: { email } });

/** Reference lists fall back to empty ones when they cannot be read. */
export const useSignupChoices = () => useQuery(queryOptions({ ...endpointQuery(registration.choices), staleTime: 5 * 60_000 }));

export function useUsernameAvailability(username: string | null) {
  return useQuery({
    ...endpointQuery(registration.usernameAvailability, { query: { username: username ?? '' } }),
    enabled: username !== null,
    retry: false,
    staleTime: 10_000,
  });
}

export const useSignup = () =>
  useMutation({ mutationFn: (form: SignupForm) => call(registration.signUp, { body: form }, { skipSessionInterceptor: true }) });

/**
 * Each link is used once: the page runs its call as a query so that a re-render does not call again, and
 * keeps the answer for as long as the page is open. The token is sent in the body, so it ends the key.
 */
const USED_ONCE = { retry: false, staleTime: Infinity, gcTime: Infinity } as const;

export const useConfirmEmail = (token: string) =>
  useQuery({
    queryKey: [...keyOf(registration.confirmEmail), token],
    queryFn: () => call(registration.confirmEmail, { body: { token } }, { skipSessionInterceptor: true }),
    ...USED_ONCE,
  });

/** The account request of an administrators' link: reading it decides nothing. */
export const useAccountRequest = (token: string) =>
  useQuery({
    queryKey: [...keyOf(registration.accountRequest), token],
    queryFn: () => call(registration.accountRequest, { body: { token } }),
    retry: false,
  });

export const useApproveAccount = () => useMutation({ mutationFn: (token: string) => call(registration.confirmUserAccount, { body: { token } }) });
export const useRefuseAccount = () =>
  useMutation({ mutationFn: (body: { token: string; reason: string }) => call(registration.refuseUserAccount, { body }) });
