// The home endpoints.
import { adminSummarySchema, failingMailListSchema, failingMailSchema } from '../home.js';
import { idParamsSchema } from '../input.js';
import { defineEndpoints, itemRefusals, requestRefusals } from '../endpoint.js';

export const homeEndpoints = /* @__PURE__ */ defineEndpoints('home', {
  adminSummary: {
    method: 'GET',
    path: '/adminSummary',
    action: 'admin-summary:read',
    tags: ['home'],
    summary: 'What waits for the administrators: accounts to approve, re-validations, devices out of service, maintenance, failing mails (administrators)',
    replies: { 200: adminSummarySchema, ...requestRefusals },
  },

  failingMails: {
    method: 'GET',
    path: '/failingMails',
    action: 'mail-outbox:manage',
    tags: ['home'],
    summary: 'Mails not delivered yet whose last attempt failed, newest first, at most 200, with their count (administrators)',
    replies: { 200: failingMailListSchema, ...requestRefusals },
  },

  retryMail: {
    method: 'POST',
    path: '/failingMails/:id/retry',
    action: 'mail-outbox:manage',
    tags: ['home'],
    summary: 'Ask for a new attempt of an undelivered mail at once (administrators; audited)',
    description: '404: no such mail waiting for delivery (unknown, or delivered since).',
    params: idParamsSchema,
    replies: { 200: failingMailSchema, ...itemRefusals },
  },
});
