// The maintenance handlers; paths, schemas, documentation and access are the endpoint table's.
import { maintenanceEndpoints } from '@testbed/contract/endpoints/maintenance';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { MaintenanceService } from './service.js';

export const maintenanceRoutes = endpointRoutes(maintenanceEndpoints, ({ maintenance }: { maintenance: MaintenanceService }) => ({
  list: (request) => maintenance.list(request.principal, request.query.from, request.query.to),
  preview: (request) => maintenance.preview(request.principal, request.body),
  create: (request) => maintenance.create(request.principal, request.body, request.ip),
  remove: (request) => maintenance.remove(request.principal, request.params.id, request.ip),
}));
