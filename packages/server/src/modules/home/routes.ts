// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSummarySchema } from '@testbed/contract';
import { requestRefusals as errors } from '../../errors.js';
import type { HomeService } from './service.js';

export const homeRoutes: FastifyPluginAsyncZod<{ home: HomeService }> = async (app, { home }) => {
  app.get('/adminSummary', {
    schema: {
      tags: ['home'],
      summary: 'What waits for the administrators: accounts to approve, re-validations, devices out of service, maintenance, failing mails (administrators)',
      response: { 200: adminSummarySchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return home.adminSummary(request.principal);
    },
  });
};
