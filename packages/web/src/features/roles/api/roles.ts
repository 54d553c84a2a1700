// The roles calls: a hook per use, each calling its endpoint of the contract's table.
import { useQuery } from '@tanstack/react-query';
import type { RoleForm } from '@testbed/contract';
import { rolesEndpoints as roles } from '@testbed/contract/endpoints/roles';
import { call } from '../../../shared/api-client';
import { endpointQuery, useChange } from '../../../shared/endpoint-query';

export const useRoles = () => useQuery(endpointQuery(roles.list));
export const useRole = (id: number, enabled = true) => useQuery({ ...endpointQuery(roles.get, { params: { id } }), enabled });

const roleReads = [roles.list, roles.get];
export const useCreateRole = () => useChange((form: RoleForm) => call(roles.create, { body: form }), () => roleReads);
export const useRenameRole = () =>
  useChange(({ id, form }: { id: number; form: RoleForm }) => call(roles.rename, { params: { id }, body: form }), () => roleReads);
export const useDeleteRole = () => useChange((id: number) => call(roles.delete, { params: { id } }), () => roleReads);
