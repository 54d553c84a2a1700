// What the log says of each request. Several instances write to one log store, so a request is known by an
// id no other instance can give (a random UUID), or by the id the proxy or the client already gave it, so
// that one id follows the request through the proxy's log and ours. Each request then makes one line when
// its reply has left: who asked what, through which route, with what outcome and how long it took.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An incoming id is kept only when it is a short token of safe characters (a UUID, nginx's `$request_id`,
 * a trace id): anything else could forge log lines or bloat them, and is replaced by a fresh UUID.
 */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's genReqId: the caller's X-Request-Id when valid, else a new UUID. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && VALID_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Parameters (of the query or of a route's path) whose value opens something: a feed's token, a ticket ... */
const SECRET_NAME = /^(ticket|token|secret|password|key|code)$/i;
/**
 * A run of 40 or more URL-safe characters, as in a random token (ours have 43), wherever it is in the path:
 * the web app's mail links (/confirm-email/{token} ...) and a mistyped feed address carry one in the path,
 * where no route names it. The longest word of our paths has 34 letters.
 */
const TOKEN_RUN = /[A-Za-z0-9_~-]{40,}/;

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A URL fit for a log: the values of secret query parameters, the path parameters of the route given with a
 * secret name, and the path's segments holding a token-like run replaced by `[redacted]`.
 */
export function redactUrl(url: string, params: Record<string, unknown> = {}): string {
  const mark = url.indexOf('?');
  const secrets = new Set(
    Object.entries(params)
      .filter(([name, value]) => SECRET_NAME.test(name) && typeof value === 'string' && value !== '')
      .map(([, value]) => value as string),
  );
  const path = (mark === -1 ? url : url.slice(0, mark))
    .split('/')
    .map((segment) => {
      const text = decodeSafe(segment);
      return secrets.has(text) || TOKEN_RUN.test(text) ? '[redacted]' : segment;
    })
    .join('/');
  if (mark === -1) return path;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return SECRET_NAME.test(decodeSafe(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** What an error line says of its request (Fastify's `req` serializer): never a secret of the URL. */
export function logRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url, request.params as Record<string, unknown>), remoteAddress: request.ip };
}

/** Probes that come every few seconds from every proxy and orchestrator: logged at debug level only. */
const HEALTH_ROUTES = new Set(['/api/health/live', '/api/health/ready']);

/**
 * Fastify's per-request lines, replaced: nothing when a request arrives, and one line when its reply has
 * left (or failed to), written through the request's logger, which carries `reqId` like every other line
 * written during the request. Fastify's other lines (a stream's error, a serializer's) stay as they are.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  // Fastify's "Route GET:<url> not found" would quote the URL unredacted; the request's line says 404.
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url;
    const line = {
      method: request.method,
      route: route ?? null,
      url: redactUrl(request.url, request.params as Record<string, unknown>),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      // Set by the /api scope's authentication; absent on the web app's files and /metrics.
      userId: (request as { principal?: { userId: number } | null }).principal?.userId ?? null,
      // The client's address: X-Forwarded-For when the connection comes from a TRUST_PROXY address.
      ip: request.ip,
    };
    if (error) request.log.error({ ...line, err: error }, 'request');
    else if (route !== undefined && HEALTH_ROUTES.has(route)) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  }
}

/** Sends the request id back in X-Request-Id, so that a caller can quote it and the proxy can log it. */
export const requestIdHeader = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
});
