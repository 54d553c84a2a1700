// The health endpoints.
import { livenessReplySchema, readinessReplySchema } from '../health.js';
import { defineEndpoints } from '../endpoint.js';

export const healthEndpoints = /* @__PURE__ */ defineEndpoints('health', {
  live: {
    method: 'GET',
    path: '/health/live',
    action: 'public:read',
    tags: ['operations'],
    summary: 'Liveness: the process answers',
    replies: { 200: livenessReplySchema },
  },

  ready: {
    method: 'GET',
    path: '/health/ready',
    action: 'public:read',
    tags: ['operations'],
    summary: 'Readiness: database, migrations, LISTEN connection, mail sender and flash runner (503 when one fails)',
    replies: { 200: readinessReplySchema, 503: readinessReplySchema },
  },
});
