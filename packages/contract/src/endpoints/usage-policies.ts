// The usage policies endpoints.
import {
  myUsageLimitsQuerySchema,
  myUsageLimitsSchema,
  usagePolicyFormSchema,
  usagePolicyListSchema,
} from '../usage-policies.js';
import { defineEndpoints, requestRefusals } from '../endpoint.js';

export const usagePoliciesEndpoints = /* @__PURE__ */ defineEndpoints('usage-policies', {
  list: {
    method: 'GET',
    path: '/usagePolicies',
    action: 'usage-policies:manage',
    tags: ['usage policies'],
    summary: 'Every usage policy, per device type and group (administrators)',
    replies: { 200: usagePolicyListSchema, ...requestRefusals },
  },

  save: {
    method: 'PUT',
    path: '/usagePolicies',
    action: 'usage-policies:manage',
    tags: ['usage policies'],
    summary: "Set a device type's policy for everybody (groupId null) or a group; every limit null removes it (administrators)",
    body: usagePolicyFormSchema,
    replies: { 200: usagePolicyListSchema, ...requestRefusals },
  },

  mine: {
    method: 'GET',
    path: '/usagePolicies/mine',
    action: 'reservation:list',
    tags: ['usage policies'],
    summary: 'The limits that bind the user, per device type (types without a limit are left out)',
    query: myUsageLimitsQuerySchema,
    replies: { 200: myUsageLimitsSchema, ...requestRefusals },
  },
});
