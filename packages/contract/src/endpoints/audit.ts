// The audit endpoints.
import * as z from 'zod/mini';
import { auditLogPageSchema, auditLogQuerySchema, signInHistoryQuerySchema, signInHistorySchema } from '../insight.js';
import { defineEndpoints, requestRefusals } from '../endpoint.js';

export const auditEndpoints = /* @__PURE__ */ defineEndpoints('audit', {
  page: {
    method: 'GET',
    path: '/auditLog',
    action: 'audit:read',
    tags: ['audit'],
    summary: 'The audit log, newest first, filtered by user, action, device and time, paged by `before` (administrators)',
    query: auditLogQuerySchema,
    replies: { 200: auditLogPageSchema, ...requestRefusals },
  },

  csv: {
    method: 'GET',
    path: '/auditLog.csv',
    action: 'audit:read',
    tags: ['audit'],
    summary: 'The filtered audit log as CSV, newest first, at most 100,000 rows (administrators)',
    query: auditLogQuerySchema,
    replies: { 200: z.string().check(z.describe('text/csv')), ...requestRefusals },
  },

  signInHistory: {
    method: 'GET',
    path: '/signInHistory',
    action: 'account:own-settings',
    tags: ['audit'],
    summary: "The caller's own recent sign-ins and failed attempts (time, address, outcome), newest first",
    query: signInHistoryQuerySchema,
    replies: { 200: signInHistorySchema, ...requestRefusals },
  },
});
