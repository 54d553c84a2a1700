// Registers an area's routes from its endpoint table (packages/contract/src/endpoints): the path, schemas,
// documentation, rate limit and action come from the table; the area gives only a handler per endpoint.
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions, FastifyReply, FastifyRequest } from 'fastify';
import { operationIdOf, type AnyReplyInput, type BodyOf, type Endpoint, type EndpointDefinition, type ParamsOf, type PublicAction, type QueryOf } from '@testbed/contract';
import type { Principal } from './security/principal.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The table's row of the route: the authentication hook reads its action. */
    endpoint?: Endpoint;
  }
}

/**
 * The request as the endpoint's schemas parsed it, with its caller: signed in on every endpoint whose action
 * is not public, as the authentication hook let nobody else through.
 */
export type EndpointRequest<E extends EndpointDefinition> = Omit<FastifyRequest, 'params' | 'query' | 'body' | 'principal'> & {
  principal: E['action'] extends PublicAction ? Principal | null : Principal;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
};

type Awaitable<T> = T | Promise<T>;
export type EndpointHandler<E extends EndpointDefinition> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Awaitable<AnyReplyInput<E> | FastifyReply | void>;

/** What a route needs beyond its table row: a larger body, or a rate limit counted by something else than the address. */
export interface RouteExtras {
  bodyLimit?: number;
  rateLimitKey?: (request: FastifyRequest) => string;
}

export type Handlers<T extends Record<string, EndpointDefinition>> = {
  [K in keyof T]: EndpointHandler<T[K]> | { handler: EndpointHandler<T[K]>; extras: RouteExtras };
};

export function endpointRoutes<T extends Record<string, Endpoint>, Deps extends FastifyPluginOptions>(
  table: T,
  handlers: (deps: Deps, app: FastifyInstance) => Handlers<T>,
): FastifyPluginAsync<Deps> {
  return async (app, deps) => {
    const entries = handlers(deps, app);
    for (const [name, endpoint] of Object.entries(table)) {
      const entry = entries[name]!;
      const { handler, extras } = typeof entry === 'function' ? { handler: entry, extras: {} as RouteExtras } : entry;
      const rateLimit = endpoint.rateLimit && { ...endpoint.rateLimit, ...(extras.rateLimitKey ? { keyGenerator: extras.rateLimitKey } : {}) };
      for (const url of [endpoint.path, ...(endpoint.alsoAt ?? [])]) {
        app.route({
          method: endpoint.method,
          url,
          config: { endpoint, ...(rateLimit ? { rateLimit } : {}) },
          ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
          // A fresh schema per route: the authentication hook completes each with its refusals.
          schema: {
            // The document names each operation once, at its own path: the other spellings answer the same
            // for the callers that use them, undocumented.
            ...(url === endpoint.path ? { operationId: operationIdOf(endpoint) } : { hide: true }),
            ...(endpoint.deprecated ? { deprecated: true } : {}),
            tags: [...endpoint.tags],
            summary: endpoint.summary,
            ...(endpoint.description || endpoint.deprecated
              ? { description: [endpoint.deprecated && `Deprecated: ${endpoint.deprecated}`, endpoint.description].filter(Boolean).join('\n\n') }
              : {}),
            ...(endpoint.params ? { params: endpoint.params } : {}),
            ...(endpoint.query ? { querystring: endpoint.query } : {}),
            ...(endpoint.body ? { body: endpoint.body } : {}),
            response: { ...endpoint.replies },
          },
          handler: handler as (request: FastifyRequest, reply: FastifyReply) => unknown,
        });
      }
    }
  };
}
