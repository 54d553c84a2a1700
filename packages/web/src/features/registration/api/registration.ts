// The sign-up calls: a fetcher per call, its query options, and a hook per use.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
// Alike in every feature's api by design: its own contract types and schemas, its query keys, one typed fetcher per endpoint.
import {
  availabilityReplySchema,
  signupChoicesSchema,
  signupReplySchema,
  tokenConfirmationReplySchema,
  type AvailabilityReply,
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
  confirmAccount: (token: string) => ['registration', 'confirm-account', token] as const,
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

export async function confirmUserAccount(token: string): Promise<TokenConfirmationReply> {
  return tokenConfirmationReplySchema.parse(
    await api.post<unknown>('/api/auth/confirmUserAccount', { token }, { skipSessionInterceptor: true }),
  );
}

export const signupChoicesQuery = () =>
  queryOptions({ queryKey: registrationKeys.choices, queryFn: ({ signal }) => getSignupChoices(signal), staleTime: 5 * 60_000 });

/** Reference lists fall back to empty ones when they cannot be read (accounts document, section 7). */
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

export const useConfirmUserAccount = (token: string) =>
  useQuery({ queryKey: registrationKeys.confirmAccount(token), queryFn: () => confirmUserAccount(token), ...USED_ONCE });
