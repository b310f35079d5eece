/**
 * Notification preferences: one row per (event, channel) once the person has saved a choice;
 * reads merge the rows over the defaults of sync/api/notifications.ts, so an event added later
 * starts at its default. Locked channels (security e-mail) read as on whatever a row says.
 */
import {
  defaultPrefs,
  isLocked,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENT_IDS,
  type NotificationEvent,
  type NotificationPrefs,
} from '../../sync/api/notifications';
import type { DB } from '../db/connection';

const isEvent = (value: string): value is NotificationEvent => (NOTIFICATION_EVENT_IDS as string[]).includes(value);

export async function loadPrefs(db: DB, userId: string): Promise<NotificationPrefs> {
  const prefs = defaultPrefs();
  const rows = await db.selectFrom('notificationPrefs').select(['event', 'channel', 'enabled']).where('userId', '=', userId).execute();
  for (const row of rows) {
    // Rows of an event that was since removed from the list are ignored, not an error.
    if (isEvent(row.event)) prefs[row.event][row.channel] = row.enabled === 1;
  }
  for (const event of NOTIFICATION_EVENT_IDS) for (const channel of NOTIFICATION_CHANNELS) if (isLocked(event, channel)) prefs[event][channel] = true;
  return prefs;
}

export async function savePrefs(db: DB, userId: string, changes: Partial<NotificationPrefs>): Promise<NotificationPrefs> {
  await db.transaction().execute(async (trx) => {
    for (const event of NOTIFICATION_EVENT_IDS) {
      const channels = changes[event];
      if (!channels) continue;
      for (const channel of NOTIFICATION_CHANNELS) {
        const enabled = isLocked(event, channel) ? 1 : channels[channel] ? 1 : 0;
        await trx
          .insertInto('notificationPrefs')
          .values({ userId, event, channel, enabled })
          .onConflict((oc) => oc.columns(['userId', 'event', 'channel']).doUpdateSet({ enabled }))
          .execute();
      }
    }
  });
  return loadPrefs(db, userId);
}
