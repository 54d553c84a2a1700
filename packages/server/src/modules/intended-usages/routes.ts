// The intended usages handlers; paths, schemas, documentation and access are the endpoint table's.
import { intendedUsagesEndpoints } from '@testbed/contract/endpoints/intended-usages';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { IntendedUsagesService } from './service.js';

export const intendedUsageRoutes = endpointRoutes(intendedUsagesEndpoints, ({ intendedUsages }: { intendedUsages: IntendedUsagesService }) => ({
  list: (request) => intendedUsages.list(request),
  get: (request) => intendedUsages.get(request, request.params.id),
  create: (request) => intendedUsages.create(request, request.params.userId, request.body.description),
  update: (request) => intendedUsages.update(request, request.params.id, request.body.description),
  delete: (request) => intendedUsages.delete(request, request.params.id),
}));
