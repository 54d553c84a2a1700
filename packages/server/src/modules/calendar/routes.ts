// The calendar handlers; paths, schemas, documentation and access are the endpoint table's.
import { calendarEndpoints } from '@testbed/contract/endpoints/calendar';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { FastifyRequest } from 'fastify';
import { feedTokenHash, type CalendarService } from './service.js';

const ICS = 'text/calendar; charset=utf-8';

/** The limit's key of a feed read: the hash of its secret (a read without one counts by its address). */
function feedKey(request: FastifyRequest): string {
  const token = (request.query as { token?: unknown }).token;
  return typeof token === 'string' ? `feed:${feedTokenHash(token).toString('base64url')}` : `address:${request.ip}`;
}

export const calendarRoutes = endpointRoutes(calendarEndpoints, ({ calendar }: { calendar: CalendarService }) => ({
  feedStatus: (request) => calendar.status(request.principal),
  regenerateFeed: (request) => calendar.regenerate(request.principal),
  removeFeed: (request) => calendar.remove(request.principal),
  // Calendar programs poll it without signing in: the secret in the URL is the key. Limited per feed on
  // every instance, so that one leaked or misconfigured feed cannot keep the server building it; the key is
  // the secret's hash, never the secret. (Guessing a secret of 256 random bits is hopeless at any speed.)
  feed: {
    extras: { rateLimitKey: feedKey },
    handler: async (request, reply) => {
      const feed = await calendar.feed(request.query.token, request.headers['if-none-match']);
      // After five minutes a calendar asks again, with the validator it holds.
      void reply.header('etag', feed.etag).header('cache-control', 'private, max-age=300');
      if (feed.notModified) return reply.code(304).send(null);
      return reply.type(ICS).send(feed.body as never);
    },
  },
  event: async (request, reply) => {
    const body = await calendar.event(request.principal, request.params.id);
    await reply
      .type(ICS)
      .header('content-disposition', `attachment; filename="reservation-${request.params.id}.ics"`)
      .header('cache-control', 'no-store')
      .send(body as never);
  },
}));
