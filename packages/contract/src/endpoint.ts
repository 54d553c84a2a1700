// One endpoint table per area (endpoints/<area>.ts): for each call its method, path, inputs, every reply by
// status, its documentation and the action it performs. The server registers its routes from it, the web and
// the command-line client call through it, and the authorization tests walk it.
import type * as z from 'zod/mini';
import type { Action } from './actions.js';
import type { ApiTag } from './api-tags.js';
import { errorReplySchema } from './errors.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Schema = z.ZodMiniType;

export interface EndpointDefinition {
  readonly method: HttpMethod;
  /** Below /api, with `:name` for each path parameter. */
  readonly path: string;
  /** Other paths that answer the same (spellings kept for existing callers: docs/api.md). */
  readonly alsoAt?: readonly string[];
  readonly params?: Schema;
  readonly query?: Schema;
  readonly body?: Schema;
  /** Every reply by status; the server adds the refusals of its authentication and validation. */
  readonly replies: { readonly [status: number]: Schema };
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly ApiTag[];
  /**
   * The operation's name in the OpenAPI document, the method name of a generated client. Without it the name
   * is the area and the key (`reservations.freeSlots` → `reservationsFreeSlots`). Once published it is
   * renamed only after a deprecation (docs/api-changelog.md).
   */
  readonly operationId?: string;
  /** Why the call is deprecated and what to call instead; the OpenAPI document marks it so. */
  readonly deprecated?: string;
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

/** The endpoint's operationId: the one the table names, else `<area><Name>` in camelCase. */
export function operationIdOf(endpoint: Endpoint): string {
  if (endpoint.operationId) return endpoint.operationId;
  const [area = '', name = ''] = endpoint.id.split('.');
  const camelArea = area.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
  return `${camelArea}${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/**
 * The open calls that take a mailed link's token, counted per address: a token is 256 random bits, and this
 * limit keeps guessing pointless.
 */
export const MAIL_LINK_TOKEN_LIMIT = { max: 30, timeWindow: '1 minute' };

type Infer<S> = S extends Schema ? z.output<S> : undefined;
type InferInput<S> = S extends Schema ? z.input<S> : undefined;

/** What the server's handler receives, parsed. */
export type ParamsOf<E extends EndpointDefinition> = Infer<E['params']>;
export type QueryOf<E extends EndpointDefinition> = Infer<E['query']>;
export type BodyOf<E extends EndpointDefinition> = Infer<E['body']>;
/** A value of the URL is text: a client may give a number where the schema reads text. */
type UrlValue<V> = string extends V ? V | number : V;
type UrlValues<T> = T extends object
  ? { [K in keyof T as undefined extends T[K] ? never : K]: UrlValue<T[K]> } & {
      [K in keyof T as undefined extends T[K] ? K : never]?: UrlValue<T[K]>;
    }
  : T;
/** What a client sends. */
export type ParamsInput<E extends EndpointDefinition> = UrlValues<InferInput<E['params']>>;
export type QueryInput<E extends EndpointDefinition> = UrlValues<InferInput<E['query']>>;
export type BodyInput<E extends EndpointDefinition> = InferInput<E['body']>;

type SuccessStatus = 200 | 201;
/** The schema of the endpoint's success reply. */
export type SuccessSchema<E extends EndpointDefinition> = E['replies'][SuccessStatus & keyof E['replies']];
/** What a client gets back from a successful call. */
export type ReplyOf<E extends EndpointDefinition> = Infer<SuccessSchema<E>>;
/** Whatever the server may answer, any status. */
export type AnyReplyInput<E extends EndpointDefinition> = { [S in keyof E['replies']]: InferInput<E['replies'][S]> }[keyof E['replies']];

type Part<K extends string, T> = [T] extends [undefined]
  ? { readonly [P in K]?: undefined }
  : object extends T
    ? { readonly [P in K]?: T }
    : { readonly [P in K]: T };
/** What a client gives to call the endpoint: its params, query and body, each required when the endpoint has a required one. */
export type CallInput<E extends EndpointDefinition> = Part<'params', ParamsInput<E>> & Part<'query', QueryInput<E>> & Part<'body', BodyInput<E>>;

/** The success reply's schema, which a client parses the reply with. */
export function successSchema<E extends EndpointDefinition>(endpoint: E): SuccessSchema<E> {
  return (endpoint.replies[200] ?? endpoint.replies[201]) as SuccessSchema<E>;
}

/** The URL below the origin: `/api`, the path with its parameters put in, and the query (an array repeats its key). */
export function urlOf(endpoint: EndpointDefinition, input: { params?: unknown; query?: unknown } = {}): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined && one !== null) search.append(key, String(one));
  }
  const query = search.toString();
  return `/api${path}${query ? `?${query}` : ''}`;
}

/**
 * The key a client caches the endpoint's reply under: its id, then its params and query. Invalidating
 * `[endpoint.id]` forgets every reply of the endpoint.
 */
export function queryKeyOf(endpoint: Endpoint, input: { params?: unknown; query?: unknown } = {}): readonly unknown[] {
  return [endpoint.id, asText(input.params), asText(input.query)];
}

/** Values as the URL carries them (5 and '5' are one key); absent ones left out. */
function asText(values: unknown): Record<string, string | string[]> | null {
  if (!values) return null;
  const text: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    text[key] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return text;
}

// The refusals an endpoint lists, by what it can meet.
/** An invalid request, no or a bad token, not allowed. */
export const requestRefusals = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema };
/** The same, on a call about one thing that may not exist. */
export const itemRefusals = { ...requestRefusals, 404: errorReplySchema };
/** The same, when the change may also conflict with the state of things. */
export const itemRefusalsWithConflict = { ...itemRefusals, 409: errorReplySchema };
