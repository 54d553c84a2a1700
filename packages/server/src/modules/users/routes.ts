// The users and user directory handlers; paths, schemas, documentation and access are the endpoint tables'.
import { userDirectoryEndpoints } from '@testbed/contract/endpoints/user-directory';
import { usersEndpoints } from '@testbed/contract/endpoints/users';
import type { NotifiedReplies } from '../../db/notified-replies.js';
import { endpointRoutes } from '../../endpoint-routes.js';
import { UsersService } from './service.js';

export const userRoutes = endpointRoutes(usersEndpoints, ({ searches }: { searches?: NotifiedReplies }, app) => {
  const users = new UsersService(app.db, searches);
  return {
    list: (request) => users.list(request, request.query),
    details: (request) => users.details(request, request.params.id),
    update: (request) => users.update(request, request.params.id, request.body),
    create: (request) => users.create(request, request.body),
  };
});

export const userDirectoryRoutes = endpointRoutes(userDirectoryEndpoints, ({ searches }: { searches?: NotifiedReplies }, app) => {
  const users = new UsersService(app.db, searches);
  return {
    // The JSON built by the database (or kept from an earlier search), sent as it is.
    search: async (request, reply) => reply.type('application/json; charset=utf-8').send((await users.validUsers(request.principal, request.query)) as never),
  };
});
