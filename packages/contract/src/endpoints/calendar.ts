// The calendar endpoints.
import * as z from 'zod/mini';
import { calendarFeedCreatedSchema, calendarFeedQuerySchema, calendarFeedStatusSchema } from '../insight.js';
import { defineEndpoints, itemRefusals, requestRefusals } from '../endpoint.js';
import { entityIdSchema } from '../input.js';

const ICS = 'text/calendar; charset=utf-8';

export const calendarEndpoints = /* @__PURE__ */ defineEndpoints('calendar', {
  feedStatus: {
    // The feed's settings belong to the profile: no personal API token reaches them.
    method: 'GET',
    path: '/calendarFeed',
    action: 'account:own-settings',
    tags: ['calendar'],
    summary: 'Whether the caller has a private calendar feed, since when, and when a calendar last read it',
    replies: { 200: calendarFeedStatusSchema, ...requestRefusals },
  },

  regenerateFeed: {
    method: 'POST',
    path: '/calendarFeed',
    action: 'account:own-settings',
    tags: ['calendar'],
    summary: "Create or regenerate the caller's private calendar feed; the reply is the only time its URL is shown, and the previous URL stops working",
    replies: { 200: calendarFeedCreatedSchema, ...requestRefusals },
  },

  removeFeed: {
    method: 'DELETE',
    path: '/calendarFeed',
    action: 'account:own-settings',
    tags: ['calendar'],
    summary: "Stop the caller's calendar feed",
    replies: { 200: calendarFeedStatusSchema, ...requestRefusals },
  },

  feed: {
    method: 'GET',
    path: '/calendar.ics',
    action: 'calendar:read-feed',
    rateLimit: { max: 60, timeWindow: '1 minute' }, // counted per feed: the server keys it by the secret's hash
    tags: ['calendar'],
    summary: "A user's reservations as an iCalendar feed (RFC 5545), by the feed's secret; 404 once regenerated or stopped",
    query: calendarFeedQuerySchema,
    replies: { 200: z.string().check(z.describe(ICS)), 304: z.null().check(z.describe('Not modified: the ETag sent in If-None-Match is current')), ...itemRefusals },
  },

  event: {
    method: 'GET',
    path: '/reservations/:id/ics',
    action: 'reservation:read',
    tags: ['calendar'],
    summary: 'One reservation as an iCalendar event to add to a calendar (its holder, its colleagues, administrators)',
    params: z.object({ id: entityIdSchema }),
    replies: { 200: z.string().check(z.describe(ICS)), ...itemRefusals },
  },
});
