// The employers handlers; paths, schemas, documentation and access are the endpoint table's.
import { employersEndpoints } from '@testbed/contract/endpoints/employers';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { EmployersService } from './service.js';

export const employerRoutes = endpointRoutes(employersEndpoints, ({ employers }: { employers: EmployersService }) => ({
  list: (request) => employers.list(request),
  get: (request) => employers.get(request, request.params.id),
  create: (request) => employers.create(request, request.body),
  update: (request) => employers.update(request, request.params.id, request.body),
  delete: (request) => employers.delete(request, request.params.id),
  createToUser: (request) => employers.createToUser(request, request.params.userId, request.body),
  updateToUser: (request) => employers.updateToUser(request, request.body),
  deleteUserEmployer: (request) => employers.deleteUserEmployer(request, request.params.id),
}));
