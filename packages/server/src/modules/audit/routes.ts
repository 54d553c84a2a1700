// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogPageSchema, auditLogQuerySchema, signInHistoryQuerySchema, signInHistorySchema } from '@testbed/contract';
import { requestRefusals as errors } from '../../errors.js';
import type { AuditService } from './service.js';

// Administrators' screens and a user's own security page: no personal API token reads them.
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get('/auditLog', {
    schema: {
      tags: ['audit'],
      summary: 'The audit log, newest first, filtered by user, action, device and time, paged by `before` (administrators)',
      querystring: auditLogQuerySchema,
      response: { 200: auditLogPageSchema, ...errors },
    },
    handler: (request) => audit.page(request.principal, request.query),
  });

  app.get('/auditLog.csv', {
    schema: {
      tags: ['audit'],
      summary: 'The filtered audit log as CSV, newest first, at most 100,000 rows (administrators)',
      querystring: auditLogQuerySchema,
      response: { 200: z.string().check(z.describe('text/csv')), ...errors },
    },
    handler: async (request, reply) => {
      const { limit: _limit, before: _before, ...filter } = request.query;
      const body = audit.csv(request.principal, filter);
      // A stream is sent as it is read; awaiting the reply keeps the handler until it is written.
      await reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store')
        .send(body as never);
    },
  });

  app.get('/signInHistory', {
    schema: {
      tags: ['audit'],
      summary: "The caller's own recent sign-ins and failed attempts (time, address, outcome), newest first",
      querystring: signInHistoryQuerySchema,
      response: { 200: signInHistorySchema, ...errors },
    },
    handler: (request) => audit.signInHistory(request.principal, request.query.limit),
  });
};
