// The one way the web app calls the API. It sends and reads JSON, adds the Bearer token of the signed-in
// user, echoes the XSRF-TOKEN cookie on state-changing calls, and applies two error
// interceptors: a 401 ends the session and leads to sign-in with disconnected=true, a 403 ends it and
// leads to the account-invalid page. Callers get an ApiError whose message is the server's message,
// else the HTTP status text.
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  queryKeyOf,
  successSchema,
  urlOf,
  type CallInput,
  type Endpoint,
  type ErrorReply,
  type ReplyOf,
} from '@testbed/contract';
import { paths } from './paths';
import { clearSession, getAccessToken } from './session';

export class ApiError extends Error {
  constructor(
    /** HTTP status, or 0 when no reply arrived. */
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
    /** Seconds to wait, from Retry-After on a 429. */
    readonly retryAfterSeconds?: number,
    /** The parsed reply, for callers whose error replies carry more than a message (the booking tuples). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Leave 401 and 403 replies to the caller instead of ending the session: the sign-in call itself
   * answers them for a wrong password or an invalid account.
   */
  skipSessionInterceptor?: boolean;
}

type Navigate = (to: string) => void;

let navigate: Navigate = (to) => window.location.assign(to);

/** The app hands its router's navigate here so that the interceptors move without a page reload. */
export function setApiNavigator(next: Navigate): void {
  navigate = next;
}

/** Relative URLs go to our own origin; absolute ones ("https://...", "//host") never get our CSRF token. */
function isRelative(url: string): boolean {
  return !/^([a-z][a-z\d+\-.]*:)?\/\//i.test(url);
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * The message without the field's path the server puts before it (`nodesBookingForm.timeZone: ...`): that is
 * the request's name of the field, not the form's. A form shows each of `fieldErrors` under its field, or
 * names the field by its label.
 */
function withoutFieldPath(message: string, fieldErrors: Record<string, string[]>): string {
  const path = Object.keys(fieldErrors).find((field) => message.startsWith(`${field}: `));
  return path === undefined ? message : message.slice(path.length + 2);
}

function toApiError(response: Response, body: unknown): ApiError {
  const reply = typeof body === 'object' && body !== null ? (body as Partial<ErrorReply>) : {};
  const fieldErrors = reply.fieldErrors ?? {};
  const message =
    typeof reply.message === 'string' && reply.message
      ? withoutFieldPath(reply.message, fieldErrors)
      : response.statusText || `HTTP ${response.status}`;
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ApiError(
    response.status,
    message,
    fieldErrors,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    body,
  );
}

function intercept(status: number) {
  if (status === 401) {
    clearSession();
    navigate(paths.signin.href({ disconnected: true }));
  } else if (status === 403) {
    clearSession();
    navigate(paths.accountInvalid.href());
  }
}

/** The headers of a change sent by another client than `call` (the tus uploads): the bearer token and the CSRF echo. */
export function changeHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  return headers;
}

export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers = new Headers({ Accept: 'application/json' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (method !== 'GET' && method !== 'HEAD' && isRelative(url)) {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers.set(CSRF_HEADER, csrf);
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The server cannot be reached. Check your connection and try again.');
  }

  const body = await readBody(response);
  if (response.ok) return body as T;
  // Only the session that sent the call is ended by its refusal: a call still on its way when the user signed
  // out (or sent with no session) must not lead the page that follows to sign-in.
  if (!options.skipSessionInterceptor && token !== null && token === getAccessToken()) intercept(response.status);
  throw toApiError(response, body);
}


export type CallOptions = Pick<RequestOptions, 'signal' | 'skipSessionInterceptor'>;
type CallArgs<E extends Endpoint> = object extends CallInput<E>
  ? [input?: CallInput<E>, options?: CallOptions]
  : [input: CallInput<E>, options?: CallOptions];

/** Calls an endpoint of the contract's table; its reply parsed with the endpoint's success schema. */
export function call<E extends Endpoint>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<ReplyOf<E>> {
  return callWith(endpoint, input, options);
}

/** `call` with its input given as it is (optional or not). */
export async function callWith<E extends Endpoint>(endpoint: E, input: CallInput<E> | undefined, options?: CallOptions): Promise<ReplyOf<E>> {
  const given = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  // A change without a body still sends JSON, as every POST and PUT of the API reads one.
  const body = given.body ?? (endpoint.method === 'POST' || endpoint.method === 'PUT' ? {} : undefined);
  const reply = await request<unknown>(urlOf(endpoint, given), { ...options, method: endpoint.method, body });
  return successSchema(endpoint).parse(reply) as ReplyOf<E>;
}

/** The query key of an endpoint's reply: its id, then its params and query (see queryKeyOf). */
export function keyOf<E extends Endpoint>(endpoint: E, input?: CallInput<E>): readonly unknown[] {
  return queryKeyOf(endpoint, input);
}
