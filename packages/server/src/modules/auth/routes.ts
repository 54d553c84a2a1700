// The auth handlers; paths, schemas, documentation and access are the endpoint table's.
import { authEndpoints } from '@testbed/contract/endpoints/auth';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { AuthService } from './service.js';

export const authRoutes = endpointRoutes(authEndpoints, ({ auth }: { auth: AuthService }) => ({
  signIn: (request) => auth.signIn(request.body, request.ip),
  me: (request) => auth.me(request.principal),
}));
