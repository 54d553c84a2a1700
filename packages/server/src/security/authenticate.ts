// The one authentication hook of the /api scope. Every route comes from the endpoint table and performs its
// action (packages/contract/src/actions.ts): closed to anonymous callers unless the action is public, and to
// personal API tokens unless the action's scope is covered (policies.ts decides both). Two kinds of bearer
// token are accepted:
// - the sign-in token (a JWT), accepted only while its user is enabled and its session generation is
//   current, so a password change, a disable or a deletion ends existing sessions;
// - a personal API token (`tbp_...`), accepted while it is neither revoked nor expired and its user is
//   enabled, on the actions its scope covers (none of account security, the token calls, administration).
// The user (and the token) is read from the database on every call, so that a change made through any
// instance, or straight in the database, holds from the next call on.
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_TOKEN_PATTERN, API_TOKEN_PREFIX, apiTokenMessages, errorReplySchema, isPublicAction, tokenScopeOf } from '@testbed/contract';
import { AppError } from '../errors.js';
import type { Db } from '../db/database.js';
import { recordAudit } from '../db/audit-writer.js';
import { findApiTokenSession, findSessionUser, touchApiToken } from './session-queries.js';
import type { AccessTokens } from './access-token.js';
import { gate } from './policies.js';
import { principalOf, type Principal } from './principal.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** A use is written to the token's row and the audit log at most once a minute. */
const USE_RECORD_INTERVAL_MS = 60_000;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(header);
  return match ? match[1]! : '';
}

export const authenticate = fp<{ tokens: AccessTokens; db: Db }>(async (app, { tokens, db }) => {
  app.decorateRequest('principal', null);

  async function signInPrincipal(token: string): Promise<Principal> {
    const claims = token ? await tokens.verify(token) : null;
    const user = claims ? await findSessionUser(db, Number(claims.sub)) : undefined;
    if (!claims || !user || !user.is_enabled || user.session_generation !== claims.gen) {
      throw new AppError('unauthenticated', 'Your session has ended. Please sign in again.');
    }
    return principalOf(user);
  }

  async function apiTokenPrincipal(request: FastifyRequest, token: string): Promise<Principal> {
    const found = API_TOKEN_PATTERN.test(token) ? await findApiTokenSession(db, createHash('sha256').update(token).digest()) : undefined;
    const now = Date.now();
    if (!found || found.revoked_at || new Date(found.expires_at).getTime() <= now || !found.is_enabled) {
      throw new AppError('unauthenticated', apiTokenMessages.INVALID);
    }
    if (!found.last_used_at || now - new Date(found.last_used_at).getTime() >= USE_RECORD_INTERVAL_MS) {
      // The conditional write and its audit row commit together: one of each a minute, whatever the instances.
      await db.transaction().execute(async (tx) => {
        if (!(await touchApiToken(tx, found.token_id))) return;
        await recordAudit(tx, {
          actorUserId: found.id,
          action: 'api_token.use',
          targetType: 'api_token',
          targetId: found.token_id,
          ip: request.ip,
          details: { method: request.method, route: request.routeOptions.url ?? null },
        });
      });
    }
    return { ...principalOf(found), apiToken: { id: found.token_id, scope: found.scope } };
  }

  // What this hook may answer is part of every route's contract: its OpenAPI operation says which token it
  // takes and lists the hook's refusals (401 for a bad or missing token, 403 for an API token the route does
  // not take, 400 for input that fails the route's schema, 429 past a rate limit).
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { endpoint?: { action: Parameters<typeof gate>[1] }; rateLimit?: unknown };
    if (!config.endpoint) throw new Error(`${route.method} ${route.url} is not in the endpoint table: every API route comes from it`);
    const { action } = config.endpoint;
    const schema = (route.schema ??= {}) as Record<string, unknown> & { response?: Record<number, unknown>; description?: string };
    schema.security = isPublicAction(action) ? [{}, { bearer: [] }] : [{ bearer: [] }];
    const response = (schema.response ??= {});
    const refusals = [401, 403, ...(schema.params || schema.querystring || schema.body ? [400] : []), ...(config.rateLimit ? [429] : [])];
    for (const status of refusals) response[status] ??= errorReplySchema;
    const scope = tokenScopeOf(action);
    const tokenUse = scope ? `Personal API tokens: scope ${scope}${scope === 'read' ? ' or read+book+flash' : ''}.` : 'Personal API tokens: not accepted.';
    // A GET route's HEAD twin comes here with the same schema: the sentence is added once.
    if (!schema.description?.endsWith(tokenUse)) schema.description = schema.description ? `${schema.description}\n\n${tokenUse}` : tokenUse;
  });

  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (token !== null) {
      request.principal = token.startsWith(API_TOKEN_PREFIX) ? await apiTokenPrincipal(request, token) : await signInPrincipal(token);
    }
    // Unknown paths fall through to the 404 reply; every known route performs its endpoint's action.
    const endpoint = request.routeOptions.config.endpoint;
    if (endpoint) gate(request.principal, endpoint.action);
  });
});
