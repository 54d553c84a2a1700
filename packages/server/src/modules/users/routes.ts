// The users and user directory handlers; paths, schemas, documentation and access are the endpoint tables'.
import { userDirectoryEndpoints } from '@testbed/contract/endpoints/user-directory';
import { usersEndpoints } from '@testbed/contract/endpoints/users';
import { endpointRoutes } from '../../endpoint-routes.js';
import { UsersService } from './service.js';
import type { ValidUsersDirectory } from './valid-users.js';

export const userRoutes = endpointRoutes(usersEndpoints, (_deps: object, app) => {
  const users = new UsersService(app.db);
  return {
    list: (request) => users.list(request, request.query),
    details: (request) => users.details(request, request.params.id),
    update: (request) => users.update(request, request.params.id, request.body),
    create: (request) => users.create(request, request.body),
  };
});

export const userDirectoryRoutes = endpointRoutes(userDirectoryEndpoints, ({ directory }: { directory: ValidUsersDirectory }) => ({
  // Serialised once per search and directory version (the rows come from the directory, already in shape).
  search: async (request, reply) => reply.type('application/json; charset=utf-8').send((await directory.searchJson(request.principal, request.query)) as never),
}));
