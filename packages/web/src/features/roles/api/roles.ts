// The roles calls: a fetcher per call, its query options, and a hook per use.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Alike in every feature's api by design: its own contract types and schemas, its query keys, one typed fetcher per endpoint.
import {
  deleteRoleReplySchema,
  roleDetailsSchema,
  roleListSchema,
  type DeleteRoleReply,
  type Role,
  type RoleDetails,
  type RoleForm,
} from '@testbed/contract';
import { api } from '../../../shared/api-client';

export const roleKeys = {
  all: ['roles'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
  detail: (id: number) => [...roleKeys.all, 'detail', id] as const,
};

// One typed fetcher per endpoint, as in every feature's api: alike in shape, each with its own path and schema.
export async function getRoles(signal?: AbortSignal): Promise<Role[]> {
  return roleListSchema.parse(await api.get<unknown>('/api/roles', { signal }));
}

export async function getRole(id: number, signal?: AbortSignal): Promise<RoleDetails> {
  return roleDetailsSchema.parse(await api.get<unknown>(`/api/role/${id}`, { signal }));
}

export async function createRole(form: RoleForm): Promise<RoleDetails> {
  return roleDetailsSchema.parse(await api.post<unknown>('/api/role', form));
}

export async function renameRole({ id, form }: { id: number; form: RoleForm }): Promise<RoleDetails> {
  return roleDetailsSchema.parse(await api.put<unknown>(`/api/role/${id}`, form));
}

export async function deleteRole(id: number): Promise<DeleteRoleReply> {
  return deleteRoleReplySchema.parse(await api.delete<unknown>(`/api/role/${id}`));
}

export const rolesQuery = () => queryOptions({ queryKey: roleKeys.list(), queryFn: ({ signal }) => getRoles(signal) });
export const roleQuery = (id: number) => queryOptions({ queryKey: roleKeys.detail(id), queryFn: ({ signal }) => getRole(id, signal) });

export const useRoles = () => useQuery(rolesQuery());
export const useRole = (id: number, enabled = true) => useQuery({ ...roleQuery(id), enabled });

function useRoleMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }) });
}

export const useCreateRole = () => useRoleMutation(createRole);
export const useRenameRole = () => useRoleMutation(renameRole);
export const useDeleteRole = () => useRoleMutation(deleteRole);
