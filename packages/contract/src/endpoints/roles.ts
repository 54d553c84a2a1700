// The roles endpoints.
import {
  deleteRoleReplySchema,
  roleDetailsSchema,
  roleFormSchema,
  roleIdParamsSchema,
  roleListSchema,
} from '../roles.js';
import { errorReplySchema } from '../errors.js';
import { defineEndpoints, itemRefusals } from '../endpoint.js';

export const rolesEndpoints = /* @__PURE__ */ defineEndpoints('roles', {
  list: {
    method: 'GET',
    path: '/roles',
    action: 'roles:read',
    tags: ['roles'],
    summary: 'Every role with its number of users (administrators)',
    replies: { 200: roleListSchema, 401: errorReplySchema, 403: errorReplySchema },
  },

  get: {
    method: 'GET',
    path: '/role/:id',
    action: 'roles:read',
    tags: ['roles'],
    summary: 'One role with its users (administrators)',
    params: roleIdParamsSchema,
    replies: { 200: roleDetailsSchema, ...itemRefusals },
  },

  create: {
    method: 'POST',
    path: '/role',
    action: 'roles:manage',
    tags: ['roles'],
    summary: 'Create a role (administrators)',
    body: roleFormSchema,
    replies: { 200: roleDetailsSchema, ...itemRefusals, 409: errorReplySchema },
  },

  rename: {
    method: 'PUT',
    path: '/role/:id',
    action: 'roles:manage',
    tags: ['roles'],
    summary: 'Rename a role; ADMIN and USER cannot be renamed (administrators)',
    params: roleIdParamsSchema,
    body: roleFormSchema,
    replies: { 200: roleDetailsSchema, ...itemRefusals, 409: errorReplySchema },
  },

  delete: {
    method: 'DELETE',
    path: '/role/:id',
    action: 'roles:manage',
    tags: ['roles'],
    summary: 'Delete a role given to nobody; ADMIN and USER cannot be deleted (administrators)',
    params: roleIdParamsSchema,
    replies: { 200: deleteRoleReplySchema, ...itemRefusals, 409: errorReplySchema },
  },
});
