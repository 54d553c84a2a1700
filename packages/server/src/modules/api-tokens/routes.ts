// The api tokens handlers; paths, schemas, documentation and access are the endpoint table's.
import { apiTokensEndpoints } from '@testbed/contract/endpoints/api-tokens';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { ApiTokensService } from './service.js';

export const apiTokenRoutes = endpointRoutes(apiTokensEndpoints, ({ apiTokens }: { apiTokens: ApiTokensService }) => ({
  list: (request) => apiTokens.list(request),
  listOfUser: (request) => apiTokens.listOfUser(request, request.params.userId),
  create: (request) => apiTokens.create(request, request.params.userId, request.body),
  revoke: (request) => apiTokens.revoke(request, request.params.id),
}));
