// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statisticsQuerySchema, statisticsSchema, statisticsTableParamsSchema } from '@testbed/contract';
import { requestRefusals as errors } from '../../errors.js';
import type { StatisticsService } from './service.js';

// Administrators' screens: no personal API token reads them.
export const statisticsRoutes: FastifyPluginAsyncZod<{ statistics: StatisticsService }> = async (app, { statistics }) => {
  app.get('/statistics', {
    schema: {
      tags: ['statistics'],
      summary: 'Usage statistics for [from, to): device-hours per type, month, group and employer, active users, sign-ups, flashes, occupancy by hour of week (administrators)',
      querystring: statisticsQuerySchema,
      response: { 200: statisticsSchema, ...errors },
    },
    handler: (request) => statistics.compute(request.principal, request.query),
  });

  app.get('/statistics/:table.csv', {
    schema: {
      tags: ['statistics'],
      summary: 'One table of the usage statistics as CSV (administrators)',
      params: statisticsTableParamsSchema,
      querystring: statisticsQuerySchema,
      response: { 200: z.string().check(z.describe('text/csv')), ...errors },
    },
    handler: async (request, reply) => {
      const body = await statistics.csv(request.principal, request.query, request.params.table);
      await reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${request.params.table}.csv"`)
        .header('cache-control', 'no-store')
        .send(body as never);
    },
  });
};
