import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplySchema, validUserListSchema, validUsersQuerySchema } from '@testbed/contract';
import { ValidUsersDirectory } from './valid-users.js';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const directory = new ValidUsersDirectory(app.db);

  app.get('/validUsers', {
    schema: {
      tags: ['users'],
      summary: 'Active accounts whose last name, first name or username contains `name` (at most 100)',
      querystring: validUsersQuerySchema,
      response: { 200: validUserListSchema, 400: errorReplySchema, 401: errorReplySchema },
    },
    handler: (request) => directory.search(request.principal, request.query),
  });
};
