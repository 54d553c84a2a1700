// The health handlers; paths, schemas, documentation and access are the endpoint table's.
import { healthEndpoints } from '@testbed/contract/endpoints/health';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { HealthService } from './service.js';

export const healthRoutes = endpointRoutes(healthEndpoints, ({ health }: { health: HealthService }) => ({
  live: async () => ({ status: 'ok' as const }),
  ready: async (_request, reply) => {
    const { ready, reply: body } = await health.readiness();
    return reply.code(ready ? 200 : 503).header('cache-control', 'no-store').send(body);
  },
}));
