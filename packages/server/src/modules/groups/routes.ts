// The groups handlers; paths, schemas, documentation and access are the endpoint table's.
import { groupsEndpoints } from '@testbed/contract/endpoints/groups';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { GroupsService } from './service.js';

export const groupRoutes = endpointRoutes(groupsEndpoints, ({ groups }: { groups: GroupsService }) => ({
  listGroupTypes: (request) => groups.listGroupTypes(request),
  getGroupType: (request) => groups.getGroupType(request, request.params.id),
  groupsOfType: (request) => groups.groupsOfType(request, request.params.id),
  createGroupType: (request) => groups.createGroupType(request, request.body),
  updateGroupType: (request) => groups.updateGroupType(request, request.params.id, request.body),
  deleteGroupType: (request) => groups.deleteGroupType(request, request.params.id),
  listGroups: (request) => groups.listGroups(request),
  createGroups: (request) => groups.createGroups(request, request.body),
  getGroup: (request) => groups.getGroup(request, request.params.id),
  createGroup: (request) => groups.createGroup(request, request.body),
  updateGroup: (request) => groups.updateGroup(request, request.params.id, request.body),
  deleteGroup: (request) => groups.deleteGroup(request, request.params.id),
  addUser: (request) => groups.addUser(request, request.params.groupId, request.params.userId, request.query.as),
  removeUser: (request) => groups.removeUser(request, request.params.groupId, request.params.userId, request.query.as),
}));
