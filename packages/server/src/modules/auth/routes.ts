// The auth handlers; paths, schemas, documentation and access are the endpoint table's.
import { authEndpoints } from '@testbed/contract/endpoints/auth';
import { endpointRoutes } from '../../endpoint-routes.js';
import { findUserForSignIn } from '../users/repo.js';
import { redirectUrlFor, type AuthService } from './service.js';

export const authRoutes = endpointRoutes(authEndpoints, ({ auth }: { auth: AuthService }, app) => ({
  signIn: (request) => auth.signIn(request.body, request.ip),
  me: async (request) => {
    const { principal } = request;
    const user = await findUserForSignIn(app.db, principal.username);
    return {
      userId: principal.userId,
      username: principal.username,
      authorities: principal.authorities.map((authority) => ({ authority })),
      hasSshKey: user?.has_ssh_key ?? false,
      timeZone: user?.time_zone ?? null,
      redirectURL: redirectUrlFor(),
    };
  },
}));
