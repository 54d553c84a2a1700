// The groups and group types calls: a hook per use, each calling its endpoint of the contract's table.
import { useQuery } from '@tanstack/react-query';
import type { GroupBody, GroupTypeForm } from '@testbed/contract';
import { groupsEndpoints as groups } from '@testbed/contract/endpoints/groups';
import { call } from '../../../shared/api-client';
import { endpointQuery, useChange } from '../../../shared/endpoint-query';

export type GroupPlace = 'member' | 'manager';
type Membership = { groupId: number; userId: number; as: GroupPlace };

export const useGroups = () => useQuery(endpointQuery(groups.listGroups));
export const useGroup = (id: number, enabled = true) => useQuery({ ...endpointQuery(groups.getGroup, { params: { id } }), enabled });
export const useGroupTypes = () => useQuery(endpointQuery(groups.listGroupTypes));
export const useGroupType = (id: number, enabled = true) => useQuery({ ...endpointQuery(groups.getGroupType, { params: { id } }), enabled });
export const useGroupsOfType = (id: number, enabled = true) => useQuery({ ...endpointQuery(groups.groupsOfType, { params: { id } }), enabled });

/** Every change to a group or a type may change counts shown elsewhere: every read of the area is refetched. */
const groupReads = [groups.listGroups, groups.getGroup, groups.listGroupTypes, groups.getGroupType, groups.groupsOfType];
const useGroupsChange = <A, R>(mutationFn: (args: A) => Promise<R>) => useChange(mutationFn, () => groupReads);

export const useCreateGroup = () => useGroupsChange((body: GroupBody) => call(groups.createGroup, { body }));
export const useUpdateGroup = () => useGroupsChange(({ id, body }: { id: number; body: GroupBody }) => call(groups.updateGroup, { params: { id }, body }));
export const useDeleteGroup = () => useGroupsChange((id: number) => call(groups.deleteGroup, { params: { id } }));
export const useAddToGroup = () => useGroupsChange(({ groupId, userId, as }: Membership) => call(groups.addUser, { params: { groupId, userId }, query: { as } }));
export const useRemoveFromGroup = () =>
  useGroupsChange(({ groupId, userId, as }: Membership) => call(groups.removeUser, { params: { groupId, userId }, query: { as } }));
export const useCreateGroupType = () => useGroupsChange((form: GroupTypeForm) => call(groups.createGroupType, { body: form }));
export const useUpdateGroupType = () =>
  useGroupsChange(({ id, form }: { id: number; form: GroupTypeForm }) => call(groups.updateGroupType, { params: { id }, body: form }));
export const useDeleteGroupType = () => useGroupsChange((id: number) => call(groups.deleteGroupType, { params: { id } }));
