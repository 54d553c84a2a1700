// The reminders handlers; paths, schemas, documentation and access are the endpoint table's.
import { remindersEndpoints } from '@testbed/contract/endpoints/reminders';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { ReminderSettingsService } from './service.js';

export const reminderRoutes = endpointRoutes(remindersEndpoints, ({ reminders }: { reminders: ReminderSettingsService }) => ({
  read: (request) => reminders.read(request.principal),
  save: (request) => reminders.save(request.principal, request.body),
}));
