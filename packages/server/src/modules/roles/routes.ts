// The roles handlers; paths, schemas, documentation and access are the endpoint table's.
import { rolesEndpoints } from '@testbed/contract/endpoints/roles';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { RolesService } from './service.js';

export const roleRoutes = endpointRoutes(rolesEndpoints, ({ roles }: { roles: RolesService }) => ({
  list: (request) => roles.list(request),
  get: (request) => roles.get(request, request.params.id),
  create: (request) => roles.create(request, request.body),
  rename: (request) => roles.rename(request, request.params.id, request.body),
  delete: (request) => roles.delete(request, request.params.id),
}));
