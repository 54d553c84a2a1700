// The intended usages endpoints.
import {
  intendedUsageFormSchema,
  intendedUsageIdParamsSchema,
  intendedUsageListSchema,
  intendedUsageSchema,
  intendedUsageUserParamsSchema,
} from '../intended-usages.js';
import { errorReplySchema } from '../errors.js';
import { defineEndpoints, itemRefusals } from '../endpoint.js';
import { deletedReplySchema } from '../employers.js';

export const intendedUsagesEndpoints = /* @__PURE__ */ defineEndpoints('intended-usages', {
  list: {
    method: 'GET',
    path: '/intendedUsages',
    action: 'intended-usages:list',
    tags: ['intended usages'],
    summary: "Every user's intended usages (administrators)",
    replies: { 200: intendedUsageListSchema, 401: errorReplySchema, 403: errorReplySchema },
  },

  get: {
    method: 'GET',
    path: '/intendedUsage/:id',
    action: 'intended-usage:read',
    tags: ['intended usages'],
    summary: 'One intended usage (its user or an administrator)',
    params: intendedUsageIdParamsSchema,
    replies: { 200: intendedUsageSchema, ...itemRefusals },
  },

  create: {
    method: 'POST',
    path: '/intendedUsage/user/:userId',
    action: 'intended-usage:manage',
    tags: ['intended usages'],
    summary: 'Add an intended usage to a user (the user or an administrator)',
    params: intendedUsageUserParamsSchema,
    body: intendedUsageFormSchema,
    replies: { 200: intendedUsageSchema, ...itemRefusals },
  },

  update: {
    method: 'PUT',
    path: '/intendedUsage/:id',
    action: 'intended-usage:manage',
    tags: ['intended usages'],
    summary: 'Change an intended usage (its user or an administrator)',
    params: intendedUsageIdParamsSchema,
    body: intendedUsageFormSchema,
    replies: { 200: intendedUsageSchema, ...itemRefusals },
  },

  delete: {
    method: 'DELETE',
    path: '/intendedUsage/:id',
    action: 'intended-usage:manage',
    tags: ['intended usages'],
    summary: 'Delete an intended usage (its user or an administrator)',
    params: intendedUsageIdParamsSchema,
    replies: { 200: deletedReplySchema, ...itemRefusals },
  },
});
