/**
 * Who a notice is for: the active accounts of a segment, each with whether their notification
 * choices let the notice reach them in the app and by e-mail (the 'site_notices' event: a saved
 * choice, else the event's default — the same rule as loadPrefs, here in SQL so a preview of
 * "everyone" is one query, not one per person).
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { NOTIFICATION_EVENTS, type NotificationChannel } from '../../sync/api/notifications';
import type { NoticeSegmentId } from '../../sync/api/admin-notices';
import type { NoticeCounts } from '../../sync/api/admin-notices';
import { followersQuery } from '../authors/follows';
import type { DB } from '../db/connection';

export const NOTICE_EVENT = 'site_notices';
const NOTICE_DEFAULTS: Record<NotificationChannel, boolean> = NOTIFICATION_EVENTS.find((e) => e.id === NOTICE_EVENT)!.defaults;

export interface Segment {
  segment: NoticeSegmentId;
  /** The author (followers) or the book (buyers). */
  refId: string;
}

/** 1 when the person's choices let a notice through on `channel`, else 0. */
function channelOn(channel: NotificationChannel) {
  // The primary key (user_id, event, channel) answers the subquery.
  const choice = sql`select p.enabled from notification_prefs p where p.user_id = u.id and p.event = ${NOTICE_EVENT} and p.channel = ${channel}`;
  return sql<number>`coalesce((${choice}), ${NOTICE_DEFAULTS[channel] ? 1 : 0})`;
}

function inSegment(db: DB, { segment, refId }: Segment): Expression<SqlBool> | null {
  const hasRole = (role: 'author' | 'publisher') => sql<SqlBool>`exists (select 1 from user_roles r where r.user_id = u.id and r.role = ${role})`;
  switch (segment) {
    case 'everyone':
      return null;
    case 'readers':
      return sql<SqlBool>`not exists (select 1 from user_roles r where r.user_id = u.id)`;
    case 'authors':
      return hasRole('author');
    case 'publishers':
      return hasRole('publisher');
    case 'followers':
      return sql<SqlBool>`u.id in (${followersQuery(db, [refId])})`;
    case 'buyers':
      return sql<SqlBool>`u.id in (${db.selectFrom('libraryEntries as l').select('l.userId').where('l.bookId', '=', refId).where('l.source', '=', 'purchase')})`;
  }
}

/** The segment's active accounts with their two channel flags, in id order. */
export function segmentMembers(db: DB, segment: Segment) {
  const condition = inSegment(db, segment);
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.displayName', channelOn('in_app').as('inAppOn'), channelOn('email').as('emailOn')])
    .where('u.status', '=', 'active')
    .$if(condition !== null, (q) => q.where(condition!));
}

/** How many the notice would reach on the chosen channels, and how many their choices leave out. */
export async function countSegment(db: DB, segment: Segment, channels: { inApp: boolean; email: boolean }): Promise<NoticeCounts> {
  const members = segmentMembers(db, segment).as('m');
  const row = await db
    .selectFrom(members)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>('m.inAppOn').as('inApp'),
      eb.fn.sum<number>('m.emailOn').as('email'),
      eb.fn
        .sum<number>(
          sql<number>`case when (${channels.inApp ? 1 : 0} = 1 and m.in_app_on = 1) or (${channels.email ? 1 : 0} = 1 and m.email_on = 1) then 1 else 0 end`,
        )
        .as('reached'),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  return {
    total,
    inApp: channels.inApp ? Number(row.inApp ?? 0) : 0,
    email: channels.email ? Number(row.email ?? 0) : 0,
    excluded: total - Number(row.reached ?? 0),
  };
}
