// HTTP validators on the API's JSON reads: every 200 reply to a GET carries an ETag, the hash of the bytes it
// sends, and `Cache-Control: private, no-cache`, so that a browser keeps the reply and asks again with
// If-None-Match; a reply equal to the one it holds is then a 304 without a body. The validator is the reply
// itself, so it is right whichever instance answered and however the data changed (through any instance, or
// straight in the database): nothing is remembered between calls. A route that says `no-store` (a captcha
// challenge, the administrators' summary, readiness) and a reply that is not JSON (CSV, iCalendar, an event
// stream) are left as they are.
//
// Not @fastify/etag: it answers a 304 to any method and any status, and compares If-None-Match as one string
// rather than the list of tags RFC 9110 allows.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import * as z from 'zod/mini';

const NOT_MODIFIED = z.null().check(z.describe('Not modified: the ETag sent in If-None-Match is still the reply'));

/** If-None-Match's weak comparison (RFC 9110 13.1.2): any listed tag, weak or not, with the same opaque value. */
export function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * The validators of the replies an instance keeps and sends again as the same bytes (db/notified-replies.ts): a
 * kept reply is hashed once, not on every call (a 75 KB week of the timeline took 50 µs to hash). The bytes of a
 * kept reply are never changed, and the entry goes with them.
 */
const keptEtags = new WeakMap<Buffer, string>();

/** The weak validator of a reply's bytes (weak: a proxy may compress them on the way). */
export function etagOf(payload: string | Buffer): string {
  if (typeof payload !== 'string') {
    const kept = keptEtags.get(payload);
    if (kept) return kept;
  }
  const etag = `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 32)}"`;
  if (typeof payload !== 'string') keptEtags.set(payload, etag);
  return etag;
}

/** Whether a route's success reply is JSON (the others describe their body as text: CSV, iCalendar, events). */
function repliesJson(success: unknown): boolean {
  return (success as { _zod?: { def?: { type?: string } } } | undefined)?._zod?.def?.type !== 'string';
}

export function validate(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200 || reply.hasHeader('etag')) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
  if (String(reply.getHeader('cache-control') ?? '').includes('no-store')) return payload;
  const etag = etagOf(payload);
  void reply.header('etag', etag).header('cache-control', 'private, no-cache');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch === undefined || !matchesEtag(ifNoneMatch, etag)) return payload;
  void reply.code(304);
  return '';
}

export const replyValidators = fp(async (app) => {
  // The OpenAPI reference lists the 304 of every JSON read.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('GET')) return;
    const response = ((route.schema ??= {}) as { response?: Record<number, unknown> }).response;
    if (response && repliesJson(response[200])) response[304] ??= NOT_MODIFIED;
  });
  app.addHook('onSend', async (request, reply, payload) => validate(request, reply, payload));
});
