// The employers endpoints.
import {
  createUserEmployerSchema,
  deletedReplySchema,
  employerFormSchema,
  employerIdParamsSchema,
  employerListSchema,
  employerSchema,
  employerUserParamsSchema,
  updateUserEmployerSchema,
  userEmployerReplySchema,
} from '../employers.js';
import { errorReplySchema } from '../errors.js';
import { defineEndpoints, itemRefusals, itemRefusalsWithConflict } from '../endpoint.js';

export const employersEndpoints = /* @__PURE__ */ defineEndpoints('employers', {
  list: {
    method: 'GET',
    path: '/employers',
    action: 'employers:read',
    tags: ['employers'],
    summary: 'Every employer with its number of users',
    replies: { 200: employerListSchema, 401: errorReplySchema },
  },

  get: {
    method: 'GET',
    path: '/employer/:id',
    action: 'employers:read',
    tags: ['employers'],
    summary: 'One employer',
    params: employerIdParamsSchema,
    replies: { 200: employerSchema, ...itemRefusals },
  },

  create: {
    method: 'POST',
    path: '/employer',
    action: 'employers:manage',
    tags: ['employers'],
    summary: 'Create an employer (administrators)',
    body: employerFormSchema,
    replies: { 200: employerSchema, ...itemRefusals },
  },

  update: {
    method: 'PUT',
    path: '/employer/:id',
    action: 'employers:manage',
    tags: ['employers'],
    summary: 'Change an employer (administrators)',
    params: employerIdParamsSchema,
    body: employerFormSchema,
    replies: { 200: employerSchema, ...itemRefusals },
  },

  delete: {
    method: 'DELETE',
    path: '/employer/:id',
    action: 'employers:manage',
    tags: ['employers'],
    summary: 'Delete an employer that has no users (administrators)',
    params: employerIdParamsSchema,
    replies: { 200: deletedReplySchema, ...itemRefusalsWithConflict },
  },

  createToUser: {
    method: 'POST',
    path: '/employer/createToUser/:userId',
    action: 'employment:manage',
    tags: ['employers'],
    summary: 'Add an employer, existing or new, to a user (the user or an administrator)',
    params: employerUserParamsSchema,
    body: createUserEmployerSchema,
    replies: { 200: userEmployerReplySchema, ...itemRefusalsWithConflict },
  },

  updateToUser: {
    method: 'PUT',
    path: '/employer/updateToUser',
    action: 'employment:manage',
    tags: ['employers'],
    summary: "Change a user's employment: type, status, dates, current (the user or an administrator)",
    body: updateUserEmployerSchema,
    replies: { 200: userEmployerReplySchema, ...itemRefusalsWithConflict },
  },

  deleteUserEmployer: {
    method: 'DELETE',
    path: '/userEmployer/:id',
    action: 'employment:manage',
    tags: ['employers'],
    summary: "Remove an employer from a user: not their last one nor their current one (the user or an administrator)",
    params: employerIdParamsSchema,
    replies: { 200: deletedReplySchema, ...itemRefusalsWithConflict },
  },
});
