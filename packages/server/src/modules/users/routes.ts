// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createUserReplySchema,
  createUserSchema,
  errorReplySchema,
  updateUserSchema,
  userDetailsParamsSchema,
  userDetailsSchema,
  userListPageSchema,
  userListQuerySchema,
  validUserListSchema,
  validUsersQuerySchema,
} from '@testbed/contract';
import type { NotifiedReplies } from '../../db/notified-replies.js';
import { UsersService } from './service.js';
import { itemRefusals as errors } from '../../errors.js';

export const userRoutes: FastifyPluginAsyncZod<{ searches?: NotifiedReplies }> = async (app, { searches }) => {
  const users = new UsersService(app.db, searches);

  app.get('/validUsers', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['users'],
      summary: 'Active accounts whose last name, first name or username contains `name` (at most 100)',
      querystring: validUsersQuerySchema,
      response: { 200: validUserListSchema, 400: errorReplySchema, 401: errorReplySchema },
    },
    // The JSON built by the database (or kept from an earlier search), sent as it is.
    handler: async (request, reply) => reply.type('application/json; charset=utf-8').send((await users.validUsers(request.principal, request.query)) as never),
  });

  // The spec calls both GET /users and its search GET /users/?name=.
  for (const url of ['/users', '/users/']) {
    app.get(url, {
      config: { apiToken: 'read' },
      schema: {
        tags: ['users'],
        summary: 'A page of the users list, filtered by first name, last name or `name` (administrators)',
        querystring: userListQuerySchema,
        response: { 200: userListPageSchema, 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema },
      },
      handler: (request) => users.list(request, request.query),
    });
  }

  app.get('/user/:id', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['users'],
      summary: "A user's details with employers, intended usages, roles and groups (the user or an administrator)",
      params: userDetailsParamsSchema,
      response: { 200: userDetailsSchema, ...errors },
    },
    handler: (request) => users.details(request, request.params.id),
  });

  app.put('/user/:id', {
    schema: {
      tags: ['users'],
      summary: 'Save a user; roles, admin and enabled flags and validation dates are for administrators',
      params: userDetailsParamsSchema,
      body: updateUserSchema,
      response: { 200: userDetailsSchema, ...errors, 409: errorReplySchema },
    },
    handler: (request) => users.update(request, request.params.id, request.body),
  });

  app.post('/user', {
    schema: {
      tags: ['users'],
      summary: 'Create an account (administrators)',
      body: createUserSchema,
      response: { 200: createUserReplySchema, 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 409: errorReplySchema },
    },
    handler: (request) => users.create(request, request.body),
  });
};
