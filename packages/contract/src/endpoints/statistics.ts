// The statistics endpoints.
import * as z from 'zod/mini';
import { statisticsQuerySchema, statisticsSchema, statisticsTableParamsSchema } from '../insight.js';
import { defineEndpoints, requestRefusals } from '../endpoint.js';

export const statisticsEndpoints = /* @__PURE__ */ defineEndpoints('statistics', {
  compute: {
    method: 'GET',
    path: '/statistics',
    action: 'statistics:read',
    tags: ['statistics'],
    summary: 'Usage statistics for [from, to): device-hours per type, month, group and employer, active users, sign-ups, flashes, occupancy by hour of week (administrators)',
    query: statisticsQuerySchema,
    replies: { 200: statisticsSchema, ...requestRefusals },
  },

  csv: {
    method: 'GET',
    path: '/statistics/:table.csv',
    action: 'statistics:read',
    tags: ['statistics'],
    summary: 'One table of the usage statistics as CSV (administrators)',
    params: statisticsTableParamsSchema,
    query: statisticsQuerySchema,
    replies: { 200: z.string().check(z.describe('text/csv')), ...requestRefusals },
  },
});
