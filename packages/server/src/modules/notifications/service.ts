// Notifications inside the portal: another module writes one in the transaction of the change it tells of
// (`notify`, as a mail is enqueued), and each user lists and marks read their own only.
import { NOTIFICATION_LIST_LIMIT, NOTIFICATION_RETENTION_DAYS, type Notification, type NotificationList } from '@testbed/contract';
import type { Db, Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { authorize } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import {
  insertNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  pruneNotifications,
  type NewNotification,
  type NotificationRow,
} from './repo.js';

export type { NewNotification } from './repo.js';

/** Writes a notification for its user, in the caller's transaction. */
export function notify(tx: Queryable, notification: NewNotification): Promise<void> {
  return insertNotification(tx, notification);
}

export class NotificationsService {
  constructor(private readonly db: Db) {}

  /** Removes the notifications past their retention (a periodic prune runs it); answers how many went. */
  prune(): Promise<number> {
    return pruneNotifications(this.db, NOTIFICATION_RETENTION_DAYS);
  }

  async mine(caller: Principal): Promise<NotificationList> {
    authorize(caller, 'notifications:read');
    const { rows, unread } = await listNotifications(this.db, caller.userId, NOTIFICATION_LIST_LIMIT);
    return { notifications: rows.map(present), unread };
  }

  async markRead(caller: Principal, id: number): Promise<Notification> {
    authorize(caller, 'notifications:read');
    const row = await markNotificationRead(this.db, caller.userId, id);
    // Someone else's answers like an unknown one.
    if (!row) throw new AppError('not_found', `Notification ${id} does not exist.`);
    return present(row);
  }

  async markAllRead(caller: Principal): Promise<{ marked: number }> {
    authorize(caller, 'notifications:read');
    return { marked: await markAllNotificationsRead(this.db, caller.userId) };
  }
}

function present(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    text: row.text,
    link: row.link,
    createdAt: new Date(row.created_at).toISOString(),
    read: row.read_at !== null,
  };
}
