// The device health handlers; paths, schemas, documentation and access are the endpoint table's.
import { deviceHealthEndpoints } from '@testbed/contract/endpoints/device-health';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { DeviceHealthService } from './service.js';

export const deviceHealthRoutes = endpointRoutes(deviceHealthEndpoints, ({ health }: { health: DeviceHealthService }) => ({
  list: (request) => health.list(request.principal),
  quarantine: (request) => health.quarantine(request.principal, request.params.mac, request.body.note, request.ip),
  release: (request) => health.release(request.principal, request.params.mac, request.body.note, request.ip),
}));
