// The credentials handlers; paths, schemas, documentation and access are the endpoint table's.
import { credentialsEndpoints } from '@testbed/contract/endpoints/credentials';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { CredentialsService } from './service.js';

export const credentialRoutes = endpointRoutes(credentialsEndpoints, ({ credentials }: { credentials: CredentialsService }) => ({
  list: (request) => credentials.list(request),
  listOfUser: (request) => credentials.listOfUser(request, request.params.userId),
  get: (request) => credentials.get(request, request.params.id),
  delete: (request) => credentials.delete(request, request.params.id),
  addToUser: (request) => credentials.addToUser(request, request.params.userId, request.body.sshKey),
}));
