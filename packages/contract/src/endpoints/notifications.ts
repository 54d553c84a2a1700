// The notifications endpoints: one's own notifications in the portal.
import * as z from 'zod/mini';
import { idParamsSchema } from '../input.js';
import { notificationListSchema, notificationSchema } from '../notifications.js';
import { defineEndpoints, itemRefusals, requestRefusals } from '../endpoint.js';

export const notificationsEndpoints = /* @__PURE__ */ defineEndpoints('notifications', {
  mine: {
    method: 'GET',
    path: '/notifications',
    action: 'notifications:read',
    tags: ['notifications'],
    summary: 'Your newest notifications (at most 50), newest first, with how many of all are unread',
    description: 'Kept 90 days. Answers an ETag: a read with If-None-Match answers 304 while nothing changed.',
    replies: { 200: notificationListSchema, ...requestRefusals },
  },

  markRead: {
    method: 'POST',
    path: '/notifications/:id/read',
    action: 'notifications:read',
    tags: ['notifications'],
    summary: 'Marks one of your notifications read',
    description: "Someone else's answers 404 like an unknown one.",
    params: idParamsSchema,
    replies: { 200: notificationSchema, ...itemRefusals },
  },

  markAllRead: {
    method: 'POST',
    path: '/notifications/read',
    action: 'notifications:read',
    tags: ['notifications'],
    summary: 'Marks every one of your notifications read',
    replies: { 200: z.object({ marked: z.int() }), ...requestRefusals },
  },
});
