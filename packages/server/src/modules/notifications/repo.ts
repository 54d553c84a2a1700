// The notifications' queries.
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import type { NotificationsTable } from '../../db/schema.js';

export interface NewNotification {
  userId: number;
  kind: NotificationsTable['kind'];
  title: string;
  text: string;
  link: string | null;
}

export interface NotificationRow {
  id: number;
  kind: NotificationsTable['kind'];
  title: string;
  text: string;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
}

const COLUMNS = ['id', 'kind', 'title', 'text', 'link', 'created_at', 'read_at'] as const;

export async function insertNotification(db: Queryable, notification: NewNotification): Promise<void> {
  await db
    .insertInto('notifications')
    .values({ user_id: notification.userId, kind: notification.kind, title: notification.title, text: notification.text, link: notification.link })
    .execute();
}

/** The user's newest notifications, and how many of all theirs are unread. */
export async function listNotifications(db: Queryable, userId: number, limit: number): Promise<{ rows: NotificationRow[]; unread: number }> {
  const [rows, unread] = await Promise.all([
    db.selectFrom('notifications').select(COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, unread: Number(unread.n) };
}

/** Marks one of the user's notifications read (kept as first read); undefined when it is not theirs. */
export async function markNotificationRead(db: Queryable, userId: number, id: number): Promise<NotificationRow | undefined> {
  return db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`coalesce(read_at, now())` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function markAllNotificationsRead(db: Queryable, userId: number): Promise<number> {
  const result = await db.updateTable('notifications').set({ read_at: sql<Date>`now()` }).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Removes the notifications older than `days`; any instance may run it at any time. */
export async function pruneNotifications(db: Queryable, days: number): Promise<number> {
  const result = await sql`DELETE FROM notifications WHERE created_at < now() - make_interval(days => ${days})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
