/**
 * The support inbox is live for staff: whenever a conversation changes (a person's message is
 * recorded, a reply, a status or assignee change) every staff member's sync stream gets a
 * `support` topic hint through ctx.pubsub — Redis-backed across instances — and an open inbox asks
 * its API again. The hint carries nothing, so a stale staff list or a lost hint costs freshness,
 * never data: the stream's RESYNC on reconnect makes the inbox read again.
 */
import type { AppContext } from '../context';
import { supportStaff } from './queries';

/** Never throws: the change it announces is already committed, and a missed hint only costs freshness. */
export async function announceInboxChange(ctx: AppContext): Promise<void> {
  try {
    const staff = await supportStaff(ctx.db);
    ctx.pubsub.publish(
      staff.map((s) => s.id),
      { topic: 'support' },
    );
  } catch (error) {
    console.error('support inbox: staff were not told of a change', error);
  }
}
