// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { livenessReplySchema, readinessReplySchema } from '@testbed/contract';
import type { HealthService } from './service.js';

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, { health }) => {
  app.get('/health/live', {
    config: { public: true },
    schema: {
      tags: ['operations'],
      summary: 'Liveness: the process answers',
      security: [],
      response: { 200: livenessReplySchema },
    },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.get('/health/ready', {
    config: { public: true },
    schema: {
      tags: ['operations'],
      summary: 'Readiness: database, migrations, LISTEN connection, mail sender and flash runner (503 when one fails)',
      security: [],
      response: { 200: readinessReplySchema, 503: readinessReplySchema },
    },
    handler: async (_request, reply) => {
      const { ready, reply: body } = await health.readiness();
      return reply.code(ready ? 200 : 503).header('cache-control', 'no-store').send(body);
    },
  });
};
