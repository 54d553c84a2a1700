// The sign-up calls: a fetcher per call, its query options, and a hook per use.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
// Alike in every feature's api by design: its own contract types and schemas, its query keys, one typed fetcher per endpoint.
import {
  accountRequestSchema,
  availabilityReplySchema,
  refuseAccountReplySchema,
  signupChoicesSchema,
  signupReplySchema,
  tokenConfirmationReplySchema,
  type AccountRequest,
  type AvailabilityReply,
  type RefuseAccountReply,
  type SignupChoices,
  type SignupForm,
  type SignupReply,
  type TokenConfirmationReply,
} from '@testbed/contract';
import { api } from '../../../shared/api-client';

export const registrationKeys = {
  choices: ['registration', 'choices'] as const,
  username: (username: string) => ['registration', 'username', username] as const,
  confirmEmail: (token: string) => ['registration', 'confirm-email', token] as const,
  accountRequest: (token: string) => ['registration', 'account-request', token] as const,
};

export async function getSignupChoices(signal?: AbortSignal): Promise<SignupChoices> {
  return signupChoicesSchema.parse(await api.get<unknown>('/api/auth/signupChoices', { signal }));
}

export async function checkUsername(username: string, signal?: AbortSignal): Promise<AvailabilityReply> {
  return availabilityReplySchema.parse(await api.get<unknown>('/api/auth/checkIfUsernameAvailable', { query: { username }, signal }));
}

export async function checkEmail(email: string, signal?: AbortSignal): Promise<AvailabilityReply> {
  return availabilityReplySchema.parse(await api.get<unknown>('/api/auth/checkIfEmailAvailable', { query: { email }, signal }));
}

export async function signUp(form: SignupForm): Promise<SignupReply> {
  return signupReplySchema.parse(await api.post<unknown>('/api/auth/signup', form, { skipSessionInterceptor: true }));
}

export async function confirmEmail(token: string): Promise<TokenConfirmationReply> {
  return tokenConfirmationReplySchema.parse(
    await api.post<unknown>('/api/auth/sendEmailAdminConfirmationAccount', { token }, { skipSessionInterceptor: true }),
  );
}

export async function getAccountRequest(token: string): Promise<AccountRequest> {
  return accountRequestSchema.parse(await api.post<unknown>('/api/auth/accountRequest', { token }));
}

export async function confirmUserAccount(token: string): Promise<TokenConfirmationReply> {
  return tokenConfirmationReplySchema.parse(await api.post<unknown>('/api/auth/confirmUserAccount', { token }));
}

export async function refuseUserAccount({ token, reason }: { token: string; reason: string }): Promise<RefuseAccountReply> {
  return refuseAccountReplySchema.parse(await api.post<unknown>('/api/auth/refuseUserAccount', { token, reason }));
}

export const signupChoicesQuery = () =>
  queryOptions({ queryKey: registrationKeys.choices, queryFn: ({ signal }) => getSignupChoices(signal), staleTime: 5 * 60_000 });

/** Reference lists fall back to empty ones when they cannot be read. */
export const useSignupChoices = () => useQuery(signupChoicesQuery());

export function useUsernameAvailability(username: string | null) {
  return useQuery({
    queryKey: registrationKeys.username(username ?? ''),
    queryFn: ({ signal }) => checkUsername(username!, signal),
    enabled: username !== null,
    retry: false,
    staleTime: 10_000,
  });
}

export const useSignup = () => useMutation({ mutationFn: signUp });

/**
 * Each link is used once: the page runs its call as a query so that a re-render does not call again, and
 * keeps the answer for as long as the page is open.
 */
const USED_ONCE = { retry: false, staleTime: Infinity, gcTime: Infinity } as const;

export const useConfirmEmail = (token: string) =>
  useQuery({ queryKey: registrationKeys.confirmEmail(token), queryFn: () => confirmEmail(token), ...USED_ONCE });

/** The account request of an administrators' link: reading it decides nothing. */
export const useAccountRequest = (token: string) =>
  useQuery({ queryKey: registrationKeys.accountRequest(token), queryFn: () => getAccountRequest(token), retry: false });

export const useApproveAccount = () => useMutation({ mutationFn: confirmUserAccount });
export const useRefuseAccount = () => useMutation({ mutationFn: refuseUserAccount });
