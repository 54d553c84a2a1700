// The one authentication hook of the /api scope. Every route is closed to anonymous callers unless it
// says `config: { public: true }`; a token is accepted only while its user is enabled and its session
// generation is current, so a password change, a disable or a deletion ends existing sessions. The user
// is read through SessionUsers, which answers from memory while the database has announced no change.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { AccessTokens } from './access-token.js';
import type { Principal } from './principal.js';
import type { SessionUsers } from './session-users.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Reachable without signing in. */
    public?: boolean;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(header);
  return match ? match[1]! : '';
}

export const authenticate = fp<{ sessionUsers: SessionUsers; tokens: AccessTokens }>(async (app, { sessionUsers, tokens }) => {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (token !== null) {
      const claims = token ? await tokens.verify(token) : null;
      const user = claims ? await sessionUsers.get(Number(claims.sub)) : undefined;
      if (!claims || !user || !user.is_enabled || user.session_generation !== claims.gen) {
        throw new AppError('unauthenticated', 'Your session has ended. Please sign in again.');
      }
      request.principal = {
        userId: user.id,
        username: user.username,
        authorities: user.authorities,
        isAdmin: user.authorities.includes('ADMIN'),
      };
    }
    // Unknown paths fall through to the 404 reply; every known route is closed unless it is public.
    if (!request.principal && !request.is404 && !request.routeOptions.config.public) {
      throw new AppError('unauthenticated', 'You must be signed in.');
    }
  });
});

