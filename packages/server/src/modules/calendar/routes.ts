// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import * as z from 'zod/mini';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarFeedCreatedSchema, calendarFeedQuerySchema, calendarFeedStatusSchema, entityIdSchema } from '@testbed/contract';
import { itemRefusals, requestRefusals as errors } from '../../errors.js';
import { feedTokenHash, type CalendarService } from './service.js';

const ICS = 'text/calendar; charset=utf-8';

/** The limit's key of a feed read: the hash of its secret (a read without one counts by its address). */
function feedKey(request: FastifyRequest): string {
  const token = (request.query as { token?: unknown }).token;
  return typeof token === 'string' ? `feed:${feedTokenHash(token).toString('base64url')}` : `address:${request.ip}`;
}

export const calendarRoutes: FastifyPluginAsyncZod<{ calendar: CalendarService }> = async (app, { calendar }) => {
  // The feed's settings belong to the profile: no personal API token reaches them.
  app.get('/calendarFeed', {
    schema: {
      tags: ['calendar'],
      summary: 'Whether the caller has a private calendar feed, since when, and when a calendar last read it',
      response: { 200: calendarFeedStatusSchema, ...errors },
    },
    handler: (request) => calendar.status(request.principal),
  });

  app.post('/calendarFeed', {
    schema: {
      tags: ['calendar'],
      summary: "Create or regenerate the caller's private calendar feed; the reply is the only time its URL is shown, and the previous URL stops working",
      response: { 200: calendarFeedCreatedSchema, ...errors },
    },
    handler: (request) => calendar.regenerate(request.principal),
  });

  app.delete('/calendarFeed', {
    schema: {
      tags: ['calendar'],
      summary: "Stop the caller's calendar feed",
      response: { 200: calendarFeedStatusSchema, ...errors },
    },
    handler: (request) => calendar.remove(request.principal),
  });

  app.get('/calendar.ics', {
    // Calendar programs poll it without signing in: the secret in the URL is the key. Limited per feed on
    // every instance, so that one leaked or misconfigured feed cannot keep the server building it; the key is
    // the secret's hash, never the secret. (Guessing a secret of 256 random bits is hopeless at any speed.)
    config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: feedKey } },
    schema: {
      tags: ['calendar'],
      summary: "A user's reservations as an iCalendar feed (RFC 5545), by the feed's secret; 404 once regenerated or stopped",
      security: [],
      querystring: calendarFeedQuerySchema,
      response: { 200: z.string().check(z.describe(ICS)), 304: z.null().check(z.describe('Not modified: the ETag sent in If-None-Match is current')), ...itemRefusals },
    },
    handler: async (request, reply) => {
      const feed = await calendar.feed(request.query.token, request.headers['if-none-match']);
      // After five minutes a calendar asks again, with the validator it holds.
      void reply.header('etag', feed.etag).header('cache-control', 'private, max-age=300');
      if (feed.notModified) return reply.code(304).send(null);
      return reply.type(ICS).send(feed.body as never);
    },
  });

  app.get('/reservations/:id/ics', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['calendar'],
      summary: 'One reservation as an iCalendar event to add to a calendar (its holder, its colleagues, administrators)',
      params: z.object({ id: entityIdSchema }),
      response: { 200: z.string().check(z.describe(ICS)), ...itemRefusals },
    },
    handler: async (request, reply) => {
      const body = await calendar.event(request.principal, request.params.id);
      await reply
        .type(ICS)
        .header('content-disposition', `attachment; filename="reservation-${request.params.id}.ics"`)
        .header('cache-control', 'no-store')
        .send(body as never);
    },
  });
};
