// The home endpoints.
import { adminSummarySchema } from '../home.js';
import { defineEndpoints, requestRefusals } from '../endpoint.js';

export const homeEndpoints = /* @__PURE__ */ defineEndpoints('home', {
  adminSummary: {
    method: 'GET',
    path: '/adminSummary',
    action: 'admin-summary:read',
    tags: ['home'],
    summary: 'What waits for the administrators: accounts to approve, re-validations, devices out of service, maintenance, failing mails (administrators)',
    replies: { 200: adminSummarySchema, ...requestRefusals },
  },
});
