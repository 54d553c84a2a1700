// Double-submit CSRF protection. The server gives every browser a random XSRF-TOKEN cookie; the web
// client echoes it in the X-XSRF-TOKEN header of its non-GET calls. A request that carries the cookie
// (so comes from a browser that may hold ambient credentials) must carry the matching header. Callers
// without the cookie (curl, other services) authenticate with the bearer token alone, which a foreign
// site cannot forge; they are not handed the cookie either. Nor are files (scripts, styles, icons): they are
// the same for everybody and cached by shared caches, which must never store one browser's token with them.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { CSRF_COOKIE, CSRF_HEADER } from '@testbed/contract';
import { AppError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A file of the web app or of the API reference: its path ends in a name with an extension. */
function isStaticFile(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  if (pathname.startsWith('/api/')) return pathname.startsWith('/api/docs/static/');
  return /\/[^/]+\.[A-Za-z0-9]+$/.test(pathname);
}

function same(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const csrf = fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie) {
      if (request.headers.authorization || isStaticFile(request.url)) return;
      reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false, // the web client must read it to echo it
        secure: request.protocol === 'https',
      });
      return;
    }
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const header = request.headers[CSRF_HEADER];
    if (typeof header !== 'string' || !same(header, cookie)) {
      throw new AppError('forbidden', 'Missing or invalid CSRF token. Reload the page and try again.');
    }
  });
});
