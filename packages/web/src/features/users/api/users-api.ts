// The users calls: a fetcher per call, its query options, and a hook per use.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createUserReplySchema,
  partialDeletionReplySchema,
  credentialListSchema,
  deleteCredentialReplySchema,
  userDetailsSchema,
  userListPageSchema,
  type CreateUserForm,
  type Credential,
  type DeleteCredentialReply,
  type UpdateUserForm,
  type UserDetails,
  type UserListPage,
} from '@testbed/contract';
import { api } from '../../../shared/api-client';
import { getSession, updateSessionUser } from '../../../shared/session';

export interface UsersFilter {
  firstname: string;
  lastname: string;
  validOnly: boolean;
  page: number;
  size: number;
}

export const userKeys = {
  all: ['users'] as const,
  list: (filter: UsersFilter) => [...userKeys.all, 'list', filter] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
  credentials: (id: number) => ['credentials', 'user', id] as const,
};

export async function getUsers(filter: UsersFilter, signal?: AbortSignal): Promise<UserListPage> {
  const query = {
    firstname: filter.firstname.trim() || undefined,
    lastname: filter.lastname.trim() || undefined,
    validOnly: filter.validOnly ? undefined : 'false',
    page: filter.page,
    size: filter.size,
  };
  return userListPageSchema.parse(await api.get<unknown>('/api/users', { signal, query }));
}

export async function getUser(id: number, signal?: AbortSignal): Promise<UserDetails> {
  return userDetailsSchema.parse(await api.get<unknown>(`/api/user/${id}`, { signal }));
}

export async function getUserCredentials(id: number, signal?: AbortSignal): Promise<Credential[]> {
  return credentialListSchema.parse(await api.get<unknown>(`/api/credentials/user/${id}`, { signal }));
}

export async function updateUser({ id, form }: { id: number; form: UpdateUserForm }): Promise<UserDetails> {
  return userDetailsSchema.parse(await api.put<unknown>(`/api/user/${id}`, form));
}

export async function createUser(form: CreateUserForm): Promise<{ userId: number }> {
  return createUserReplySchema.parse(await api.post<unknown>('/api/user', form));
}

export async function deleteUserEmployer(id: number): Promise<void> {
  await api.delete<unknown>(`/api/userEmployer/${id}`);
}

export async function deleteIntendedUsage(id: number): Promise<void> {
  await api.delete<unknown>(`/api/intendedUsage/${id}`);
}

export const usersQuery = (filter: UsersFilter) =>
  queryOptions({ queryKey: userKeys.list(filter), queryFn: ({ signal }) => getUsers(filter, signal), placeholderData: keepPreviousData });

export const userQuery = (id: number) => queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) });

export const useUsers = (filter: UsersFilter) => useQuery(usersQuery(filter));
export const useUser = (id: number, enabled = true) => useQuery({ ...userQuery(id), enabled });
export const useUserCredentials = (id: number, enabled = true) =>
  useQuery({ queryKey: userKeys.credentials(id), queryFn: ({ signal }) => getUserCredentials(id, signal), enabled });

export async function deleteUserCredential(id: number): Promise<DeleteCredentialReply> {
  return deleteCredentialReplySchema.parse(await api.delete<unknown>(`/api/credential/${id}`));
}

/** Deletes one of the keys of the account shown, and reads its keys again. */
export function useDeleteUserCredential(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserCredential,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.credentials(userId) }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(user.userId), user);
      // The signed-in person's own zone is the one every page shows times in from now on.
      if (getSession().user?.userId === user.userId) updateSessionUser({ timeZone: user.timeZone });
      return queryClient.invalidateQueries({ queryKey: [...userKeys.all, 'list'] });
    },
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }) });
}

/** Deletions from the panels of the details page; the details are read again afterwards. */
export function useDeleteFromUser(userId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: userKeys.detail(userId) });
  return {
    employer: useMutation({ mutationFn: deleteUserEmployer, onSuccess: refresh }),
    intendedUsage: useMutation({ mutationFn: deleteIntendedUsage, onSuccess: refresh }),
  };
}

export async function deleteUserPartially(id: number): Promise<void> {
  partialDeletionReplySchema.parse(await api.delete<unknown>(`/api/deleteUserPartiallyByAdmin/${id}`));
}

export function useDeleteUserPartially() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserPartially,
    onSuccess: (_reply, id) => queryClient.invalidateQueries({ queryKey: userKeys.detail(id) }),
  });
}
