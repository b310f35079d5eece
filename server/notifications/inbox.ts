/** A person's in-app notifications: the latest ones, and marking them read. Only own rows. */
import { NOTIFICATION_LIST_LIMIT, type NotificationsResponse } from '../../sync/api/notifications';
import type { DB } from '../db/connection';
import { notFound } from '../http/errors';

export async function listNotifications(db: DB, userId: string): Promise<NotificationsResponse> {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'kind', 'title', 'body', 'link', 'createdAt', 'readAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(NOTIFICATION_LIST_LIMIT)
    .execute();
  const unread = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    notifications: rows.map(({ kind, ...row }) => ({ ...row, event: kind })),
    unreadCount: Number(unread.n),
  };
}

export async function markRead(db: DB, userId: string, id: string, now: number): Promise<void> {
  const row = await db.selectFrom('notifications').select(['id', 'readAt']).where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  // Someone else's notification is answered exactly like a missing one.
  if (!row) throw notFound('No such notification.');
  if (row.readAt === null) await db.updateTable('notifications').set({ readAt: now }).where('id', '=', id).execute();
}

export async function markAllRead(db: DB, userId: string, now: number): Promise<number> {
  const r = await db.updateTable('notifications').set({ readAt: now }).where('userId', '=', userId).where('readAt', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows);
}
