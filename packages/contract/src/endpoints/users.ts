// The users endpoints: the administrators' list, a user's details, saving and creating accounts.
import { errorReplySchema } from '../errors.js';
import {
  createUserReplySchema,
  createUserSchema,
  updateUserSchema,
  userDetailsParamsSchema,
  userDetailsSchema,
  userListPageSchema,
  userListQuerySchema,
} from '../users.js';
import { defineEndpoints, itemRefusals } from '../endpoint.js';

export const usersEndpoints = /* @__PURE__ */ defineEndpoints('users', {
  list: {
    method: 'GET',
    path: '/users',
    // Existing callers use both GET /users and its search GET /users/?name= (docs/api.md).
    alsoAt: ['/users/'],
    action: 'users:list',
    tags: ['users'],
    summary: 'A page of the users list, filtered by first name, last name or `name` (administrators)',
    query: userListQuerySchema,
    replies: { 200: userListPageSchema, 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema },
  },

  details: {
    method: 'GET',
    path: '/user/:id',
    action: 'user:read',
    tags: ['users'],
    summary: "A user's details with employers, intended usages, roles and groups (the user or an administrator)",
    params: userDetailsParamsSchema,
    replies: { 200: userDetailsSchema, ...itemRefusals },
  },

  update: {
    method: 'PUT',
    path: '/user/:id',
    action: 'user:update',
    tags: ['users'],
    summary: 'Save a user; roles, admin and enabled flags and validation dates are for administrators',
    params: userDetailsParamsSchema,
    body: updateUserSchema,
    replies: { 200: userDetailsSchema, ...itemRefusals, 409: errorReplySchema },
  },

  create: {
    method: 'POST',
    path: '/user',
    action: 'user:create',
    tags: ['users'],
    summary: 'Create an account (administrators)',
    body: createUserSchema,
    replies: { 200: createUserReplySchema, 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 409: errorReplySchema },
  },
});
