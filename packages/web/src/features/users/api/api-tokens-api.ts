// The personal API token calls of a user's page: list, create (the reply holds the token, shown once), revoke.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiTokenListSchema,
  apiTokenSchema,
  createApiTokenReplySchema,
  type ApiToken,
  type CreateApiToken,
  type CreateApiTokenReply,
} from '@testbed/contract';
import { api } from '../../../shared/api-client';

export const apiTokenKeys = { all: ['apiTokens'] as const, ofUser: (userId: number) => ['apiTokens', 'user', userId] as const };

export async function getApiTokens(userId: number, signal?: AbortSignal): Promise<ApiToken[]> {
  return apiTokenListSchema.parse(await api.get<unknown>(`/api/apiTokens/user/${userId}`, { signal }));
}

export async function getAllApiTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  return apiTokenListSchema.parse(await api.get<unknown>('/api/apiTokens', { signal }));
}

export async function createApiToken({ userId, form }: { userId: number; form: CreateApiToken }): Promise<CreateApiTokenReply> {
  return createApiTokenReplySchema.parse(await api.post<unknown>(`/api/apiTokens/user/${userId}`, form));
}

export async function revokeApiToken(tokenId: number): Promise<ApiToken> {
  return apiTokenSchema.parse(await api.delete<unknown>(`/api/apiToken/${tokenId}`));
}

export function useApiTokens(userId: number) {
  return useQuery({ queryKey: apiTokenKeys.ofUser(userId), queryFn: ({ signal }) => getApiTokens(userId, signal) });
}

export function useCreateApiToken(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: CreateApiToken) => createApiToken({ userId, form }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

/** Revokes any token the caller may revoke; every token list is read again. */
export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({ mutationFn: revokeApiToken, onSuccess: () => client.invalidateQueries({ queryKey: apiTokenKeys.all }) });
}

export function useAllApiTokens() {
  return useQuery({ queryKey: [...apiTokenKeys.all, 'list'], queryFn: ({ signal }) => getAllApiTokens(signal) });
}
