// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reminderSettingsSchema } from '@testbed/contract';
import { requestRefusals as errors } from '../../errors.js';
import type { ReminderSettingsService } from './service.js';

// The profile's settings: no personal API token reads or changes them.
export const reminderRoutes: FastifyPluginAsyncZod<{ reminders: ReminderSettingsService }> = async (app, { reminders }) => {
  app.get('/reminderSettings', {
    schema: {
      tags: ['reminders'],
      summary: "The caller's reminder lead times before a reservation starts and ends (null: off) and the mails' time zone",
      response: { 200: reminderSettingsSchema, ...errors },
    },
    handler: (request) => reminders.read(request.principal),
  });

  app.put('/reminderSettings', {
    schema: {
      tags: ['reminders'],
      summary: "Set the caller's reminder lead times (minutes, 1 to 10080, or null to turn one off) and time zone",
      body: reminderSettingsSchema,
      response: { 200: reminderSettingsSchema, ...errors },
    },
    handler: (request) => reminders.save(request.principal, request.body),
  });
};
