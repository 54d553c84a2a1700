// The notifications handlers; paths, schemas, documentation and access are the endpoint table's.
import { notificationsEndpoints } from '@testbed/contract/endpoints/notifications';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { NotificationsService } from './service.js';

export const notificationRoutes = endpointRoutes(notificationsEndpoints, ({ notifications }: { notifications: NotificationsService }) => ({
  mine: (request) => notifications.mine(request.principal),
  markRead: (request) => notifications.markRead(request.principal, request.params.id),
  markAllRead: (request) => notifications.markAllRead(request.principal),
}));
