// The groups and group types calls: a fetcher per call, its query options, and a hook per use.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Alike in every feature's api by design: its own contract types and schemas, its query keys, one typed fetcher per endpoint.
import {
  deleteGroupReplySchema,
  deleteGroupTypeReplySchema,
  groupDetailsSchema,
  groupSummaryListSchema,
  groupTypeListSchema,
  groupTypeSchema,
  type GroupBody,
  type GroupDetails,
  type GroupSummary,
  type GroupType,
  type GroupTypeForm,
} from '@testbed/contract';
import { api } from '../../../shared/api-client';

export const groupKeys = {
  all: ['groups'] as const,
  list: () => [...groupKeys.all, 'list'] as const,
  detail: (id: number) => [...groupKeys.all, 'detail', id] as const,
  types: () => [...groupKeys.all, 'types'] as const,
  type: (id: number) => [...groupKeys.all, 'type', id] as const,
  ofType: (id: number) => [...groupKeys.all, 'type', id, 'groups'] as const,
};

export type GroupPlace = 'member' | 'manager';

// One typed fetcher per endpoint, as in every feature's api: alike in shape, each with its own path and schema.
export async function getGroups(signal?: AbortSignal): Promise<GroupSummary[]> {
  return groupSummaryListSchema.parse(await api.get<unknown>('/api/groups', { signal }));
}
export async function getGroup(id: number, signal?: AbortSignal): Promise<GroupDetails> {
  return groupDetailsSchema.parse(await api.get<unknown>(`/api/group/${id}`, { signal }));
}
export async function createGroup(body: GroupBody): Promise<GroupDetails> {
  return groupDetailsSchema.parse(await api.post<unknown>('/api/group', body));
}
export async function updateGroup({ id, body }: { id: number; body: GroupBody }): Promise<GroupDetails> {
  return groupDetailsSchema.parse(await api.put<unknown>(`/api/group/${id}`, body));
}
export async function deleteGroup(id: number) {
  return deleteGroupReplySchema.parse(await api.delete<unknown>(`/api/group/${id}`));
}
export async function addToGroup({ groupId, userId, as }: { groupId: number; userId: number; as: GroupPlace }): Promise<GroupDetails> {
  return groupDetailsSchema.parse(await api.put<unknown>(`/api/group/${groupId}/userToAdd/${userId}`, undefined, { query: { as } }));
}
export async function removeFromGroup({ groupId, userId, as }: { groupId: number; userId: number; as: GroupPlace }): Promise<GroupDetails> {
  return groupDetailsSchema.parse(await api.put<unknown>(`/api/group/${groupId}/userToRemove/${userId}`, undefined, { query: { as } }));
}

// The group types' fetchers, alike in shape with the groups' above: each with its own path and schema.
export async function getGroupTypes(signal?: AbortSignal): Promise<GroupType[]> {
  return groupTypeListSchema.parse(await api.get<unknown>('/api/groupTypes', { signal }));
}
export async function getGroupType(id: number, signal?: AbortSignal): Promise<GroupType> {
  return groupTypeSchema.parse(await api.get<unknown>(`/api/groupType/${id}`, { signal }));
}
export async function getGroupsOfType(id: number, signal?: AbortSignal): Promise<GroupSummary[]> {
  return groupSummaryListSchema.parse(await api.get<unknown>(`/api/groupType/${id}/groups`, { signal }));
}
export async function createGroupType(form: GroupTypeForm): Promise<GroupType> {
  return groupTypeSchema.parse(await api.post<unknown>('/api/groupType', form));
}
export async function updateGroupType({ id, form }: { id: number; form: GroupTypeForm }): Promise<GroupType> {
  return groupTypeSchema.parse(await api.put<unknown>(`/api/groupType/${id}`, form));
}
export async function deleteGroupType(id: number) {
  return deleteGroupTypeReplySchema.parse(await api.delete<unknown>(`/api/groupType/${id}`));
}

export const groupsQuery = () => queryOptions({ queryKey: groupKeys.list(), queryFn: ({ signal }) => getGroups(signal) });
export const groupQuery = (id: number) => queryOptions({ queryKey: groupKeys.detail(id), queryFn: ({ signal }) => getGroup(id, signal) });
export const groupTypesQuery = () => queryOptions({ queryKey: groupKeys.types(), queryFn: ({ signal }) => getGroupTypes(signal) });
export const groupTypeQuery = (id: number) =>
  queryOptions({ queryKey: groupKeys.type(id), queryFn: ({ signal }) => getGroupType(id, signal) });
export const groupsOfTypeQuery = (id: number) =>
  queryOptions({ queryKey: groupKeys.ofType(id), queryFn: ({ signal }) => getGroupsOfType(id, signal) });

export const useGroups = () => useQuery(groupsQuery());
export const useGroup = (id: number, enabled = true) => useQuery({ ...groupQuery(id), enabled });
export const useGroupTypes = () => useQuery(groupTypesQuery());
export const useGroupType = (id: number, enabled = true) => useQuery({ ...groupTypeQuery(id), enabled });
export const useGroupsOfType = (id: number, enabled = true) => useQuery({ ...groupsOfTypeQuery(id), enabled });

/** Every change to a group or a type may change counts shown elsewhere: the whole area is refetched. */
function useGroupsMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }) });
}

export const useCreateGroup = () => useGroupsMutation(createGroup);
export const useUpdateGroup = () => useGroupsMutation(updateGroup);
export const useDeleteGroup = () => useGroupsMutation(deleteGroup);
export const useAddToGroup = () => useGroupsMutation(addToGroup);
export const useRemoveFromGroup = () => useGroupsMutation(removeFromGroup);
export const useCreateGroupType = () => useGroupsMutation(createGroupType);
export const useUpdateGroupType = () => useGroupsMutation(updateGroupType);
export const useDeleteGroupType = () => useGroupsMutation(deleteGroupType);
