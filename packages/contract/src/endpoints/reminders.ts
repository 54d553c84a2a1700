// The reminders endpoints.
import { reminderSettingsSchema } from '../insight.js';
import { defineEndpoints, requestRefusals } from '../endpoint.js';

export const remindersEndpoints = /* @__PURE__ */ defineEndpoints('reminders', {
  read: {
    method: 'GET',
    path: '/reminderSettings',
    action: 'account:own-settings',
    tags: ['reminders'],
    summary: "The caller's reminder lead times before a reservation starts and ends (null: off) and the mails' time zone",
    replies: { 200: reminderSettingsSchema, ...requestRefusals },
  },

  save: {
    method: 'PUT',
    path: '/reminderSettings',
    action: 'account:own-settings',
    tags: ['reminders'],
    summary: "Set the caller's reminder lead times (minutes, 1 to 10080, or null to turn one off) and time zone",
    body: reminderSettingsSchema,
    replies: { 200: reminderSettingsSchema, ...requestRefusals },
  },
});
