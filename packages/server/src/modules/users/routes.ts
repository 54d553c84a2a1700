import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplySchema, validUserListSchema, validUsersQuerySchema } from '@testbed/contract';
import { findValidUsers } from './valid-users.js';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/validUsers', {
    schema: {
      tags: ['users'],
      summary: 'Active accounts whose last name, first name or username contains `name` (at most 100)',
      querystring: validUsersQuerySchema,
      response: { 200: validUserListSchema, 400: errorReplySchema, 401: errorReplySchema },
    },
    handler: (request) => findValidUsers(app.db, request.principal, request.query),
  });
};
