// The credentials calls: a fetcher per call, its query options, and a hook per use.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Alike in every feature's api by design: its own contract types and schemas, its query keys, one typed fetcher per endpoint.
import {
  addCredentialReplySchema,
  credentialListSchema,
  credentialSchema,
  deleteCredentialReplySchema,
  type AddCredentialReply,
  type Credential,
  type DeleteCredentialReply,
} from '@testbed/contract';
import { api } from '../../../shared/api-client';

export const credentialKeys = {
  all: ['credentials'] as const,
  list: () => [...credentialKeys.all, 'list'] as const,
  detail: (id: number) => [...credentialKeys.all, 'detail', id] as const,
  ofUser: (userId: number) => [...credentialKeys.all, 'user', userId] as const,
};

// One typed fetcher per endpoint, as in every feature's api: alike in shape, each with its own path and schema.
export async function getCredentials(signal?: AbortSignal): Promise<Credential[]> {
  return credentialListSchema.parse(await api.get<unknown>('/api/credentials', { signal }));
}

export async function getCredential(id: number, signal?: AbortSignal): Promise<Credential> {
  return credentialSchema.parse(await api.get<unknown>(`/api/credential/${id}`, { signal }));
}

export async function getUserCredentials(userId: number, signal?: AbortSignal): Promise<Credential[]> {
  return credentialListSchema.parse(await api.get<unknown>(`/api/credentials/user/${userId}`, { signal }));
}

export async function addCredential({ userId, sshKey }: { userId: number; sshKey: string }): Promise<AddCredentialReply> {
  return addCredentialReplySchema.parse(await api.post<unknown>(`/api/credential/addToUser/${userId}`, { sshKey }));
}

export async function deleteCredential(id: number): Promise<DeleteCredentialReply> {
  return deleteCredentialReplySchema.parse(await api.delete<unknown>(`/api/credential/${id}`));
}

export const credentialsQuery = () =>
  queryOptions({ queryKey: credentialKeys.list(), queryFn: ({ signal }) => getCredentials(signal) });

export const credentialQuery = (id: number) =>
  queryOptions({ queryKey: credentialKeys.detail(id), queryFn: ({ signal }) => getCredential(id, signal) });

export const userCredentialsQuery = (userId: number) =>
  queryOptions({ queryKey: credentialKeys.ofUser(userId), queryFn: ({ signal }) => getUserCredentials(userId, signal) });

export const useCredentials = () => useQuery(credentialsQuery());
export const useCredential = (id: number) => useQuery(credentialQuery(id));
export const useUserCredentials = (userId: number, enabled = true) => useQuery({ ...userCredentialsQuery(userId), enabled });

export function useAddCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCredential,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}

export function useDeleteCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCredential,
    onSuccess: (reply) => {
      queryClient.removeQueries({ queryKey: credentialKeys.detail(reply.credentialId) });
      return queryClient.invalidateQueries({ queryKey: credentialKeys.all });
    },
  });
}
