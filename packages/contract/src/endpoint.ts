// One endpoint table per area (endpoints/<area>.ts): for each call its method, path, inputs, every reply by
// status, its documentation and the action it performs. The server registers its routes from it, the web and
// the command-line client call through it, and the authorization tests walk it.
import type * as z from 'zod/mini';
import type { Action } from './actions.js';
import { errorReplySchema } from './errors.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Schema = z.ZodMiniType;

export interface EndpointDefinition {
  readonly method: HttpMethod;
  /** Below /api, with `:name` for each path parameter. */
  readonly path: string;
  /** Other paths that answer the same (the spec's spellings). */
  readonly alsoAt?: readonly string[];
  readonly params?: Schema;
  readonly query?: Schema;
  readonly body?: Schema;
  /** Every reply by status; the server adds the refusals of its authentication and validation. */
  readonly replies: { readonly [status: number]: Schema };
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** What the caller does: who may, and with which personal API token, is the action's (actions.ts). */
  readonly action: Action;
  /** Calls counted per address over every instance. */
  readonly rateLimit?: { readonly max: number; readonly timeWindow: string };
}

export type Endpoint<D extends EndpointDefinition = EndpointDefinition, Id extends string = string> = D & { readonly id: Id };

/** Names each endpoint `<area>.<name>`: the id the tests report and the web's query keys start with. */
export function defineEndpoints<const Area extends string, const T extends Record<string, EndpointDefinition>>(
  area: Area,
  table: T,
): { readonly [K in keyof T & string]: Endpoint<T[K], `${Area}.${K}`> } {
  const named: Record<string, Endpoint> = {};
  for (const [name, definition] of Object.entries(table)) named[name] = { ...definition, id: `${area}.${name}` };
  return named as never;
}

type Infer<S> = S extends Schema ? z.output<S> : undefined;
type InferInput<S> = S extends Schema ? z.input<S> : undefined;

/** What the server's handler receives, parsed. */
export type ParamsOf<E extends EndpointDefinition> = Infer<E['params']>;
export type QueryOf<E extends EndpointDefinition> = Infer<E['query']>;
export type BodyOf<E extends EndpointDefinition> = Infer<E['body']>;
/** What a client sends. */
export type ParamsInput<E extends EndpointDefinition> = InferInput<E['params']>;
export type QueryInput<E extends EndpointDefinition> = InferInput<E['query']>;
export type BodyInput<E extends EndpointDefinition> = InferInput<E['body']>;

type SuccessStatus = 200 | 201;
/** The schema of the endpoint's success reply. */
export type SuccessSchema<E extends EndpointDefinition> = E['replies'][SuccessStatus & keyof E['replies']];
/** What a client gets back from a successful call. */
export type ReplyOf<E extends EndpointDefinition> = Infer<SuccessSchema<E>>;
/** Whatever the server may answer, any status. */
export type AnyReplyInput<E extends EndpointDefinition> = { [S in keyof E['replies']]: InferInput<E['replies'][S]> }[keyof E['replies']];

/** The success reply's schema, which a client parses the reply with. */
export function successSchema<E extends EndpointDefinition>(endpoint: E): SuccessSchema<E> {
  return (endpoint.replies[200] ?? endpoint.replies[201]) as SuccessSchema<E>;
}

/** The path with its parameters put in, each percent-encoded. */
export function pathOf(endpoint: EndpointDefinition, params?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(String(values[name])));
}

// The refusals an endpoint lists, by what it can meet.
/** An invalid request, no or a bad token, not allowed. */
export const requestRefusals = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema };
/** The same, on a call about one thing that may not exist. */
export const itemRefusals = { ...requestRefusals, 404: errorReplySchema };
/** The same, when the change may also conflict with the state of things. */
export const itemRefusalsWithConflict = { ...itemRefusals, 409: errorReplySchema };
