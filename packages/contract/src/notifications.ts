// Notifications inside the portal: what the portal tells a user besides a mail (an experiment of theirs ready, or
// failed), listed newest first under the bell of the web app's header, each linking to what it is about.
import * as z from 'zod/mini';

export const NOTIFICATION_KINDS = ['experiment-ready', 'experiment-failed'] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** How many of one's notifications a list answers, newest first. */
export const NOTIFICATION_LIST_LIMIT = 50;
/** How long notifications are kept. */
export const NOTIFICATION_RETENTION_DAYS = 90;
/** How often the web app reads the list again (a 304 while nothing changed). */
export const NOTIFICATION_REFRESH_MS = 30_000;

export const notificationSchema = z.object({
  id: z.int(),
  kind: notificationKindSchema,
  title: z.string(),
  text: z.string(),
  /** The portal's path of what it is about (`/experiments/12`), or null. */
  link: z.nullable(z.string()),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: the newest of one's notifications and how many of all are unread. */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationMessages = {
  NOTIFICATIONS: 'Notifications',
  OPEN_NOTIFICATIONS: 'Notifications: {{count}} unread',
  NONE: 'No notifications.',
  MARK_ALL_READ: 'Mark all read',
  MARK_READ: 'Mark read',
  UNREAD: 'Unread',
} as const;
