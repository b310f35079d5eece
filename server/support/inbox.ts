/**
 * The inbox's copy of the support conversations. People write to the team through the replicated
 * messages collection (offline first, like any message); every message to or from the team has
 * SUPPORT_ID in its audience, so the inbox reads them the way a device pulls — after a checkpoint
 * kept in `settings` — and records each one once in support_messages, reopening the conversation
 * when the person writes. It runs after each such push (a doc event) and before the inbox is
 * read, so a lost event or a restart only delays a message, never loses it. Runs one at a time.
 * A newly recorded message is announced to staff on their sync streams (live.ts).
 */
import type { Message } from '../../sync/collections/messages';
import type { Checkpoint } from '../../sync/replication/doc';
import { SUPPORT_ID } from '../../sync/support/support';
import type { AppContext } from '../context';
import { larger } from '../db/portable';
import { pullPage } from '../sync/store';
import { announceInboxChange } from './live';

const CURSOR_KEY = 'support.inbox.cursor';
const PAGE = 200;
const PREVIEW_MAX = 160;

export const preview = (body: string) => (body.length > PREVIEW_MAX ? `${body.slice(0, PREVIEW_MAX - 1)}…` : body);

async function readCursor(ctx: AppContext): Promise<Checkpoint | null> {
  const row = await ctx.db.selectFrom('settings').select('value').where('key', '=', CURSOR_KEY).executeTakeFirst();
  return row ? (JSON.parse(row.value) as Checkpoint) : null;
}

/** Record one message the person wrote to the team; true when it was new to the inbox. */
async function recordFromPerson(ctx: AppContext, m: Message): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('supportMessages')
      .values({ id: m.id, userId: m.senderId, staffId: null, fromStaff: 0, body: m.body, sentAt: m.sentAt })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    const now = ctx.now();
    // The person's clock dates the message; the conversation's "latest" never moves back.
    const at = Math.min(m.sentAt, now);
    await trx
      .insertInto('supportConversations')
      .values({
        userId: m.senderId,
        status: 'open',
        assigneeId: null,
        lastMessageAt: at,
        lastPreview: preview(m.body),
        lastFromStaff: 0,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) =>
        oc.column('userId').doUpdateSet((eb) => ({
          status: 'open',
          lastMessageAt: larger(eb.ref('supportConversations.lastMessageAt'), at),
          lastPreview: preview(m.body),
          lastFromStaff: 0,
          updatedAt: now,
        })),
      )
      .execute();
    return true;
  });
}

/** Returns how many messages were new to the inbox. */
async function catchUp(ctx: AppContext): Promise<number> {
  let cursor = await readCursor(ctx);
  let recorded = 0;
  for (;;) {
    const page = await pullPage(ctx.db, 'messages', SUPPORT_ID, cursor, PAGE);
    for (const doc of page.documents as (Message & { _deleted: boolean })[]) {
      // The team's own replies are recorded by the reply route, with who wrote them.
      if (!doc._deleted && doc.recipientId === SUPPORT_ID && (await recordFromPerson(ctx, doc))) recorded++;
    }
    if (page.documents.length === 0 || !page.checkpoint) return recorded;
    cursor = page.checkpoint;
    const value = JSON.stringify(cursor);
    await ctx.db
      .insertInto('settings')
      .values({ key: CURSOR_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    if (page.documents.length < PAGE) return recorded;
  }
}

const running = new WeakMap<AppContext, Promise<void>>();

/** Bring the inbox up to date with every message to the team (one run at a time per server);
 * when a message was new, staff's open inboxes are told (live.ts). */
export function syncSupportInbox(ctx: AppContext): Promise<void> {
  const previous = running.get(ctx) ?? Promise.resolve();
  const next = previous
    .catch(() => undefined)
    .then(async () => {
      if ((await catchUp(ctx)) > 0) await announceInboxChange(ctx);
    });
  running.set(ctx, next);
  return next;
}

/** Catch up whenever a device's message to the team is stored. */
export function watchSupportMessages(ctx: AppContext): () => void {
  return ctx.docEvents.on('messages', async (write) => {
    if (write.writerId !== null && write.doc.recipientId === SUPPORT_ID) await syncSupportInbox(ctx);
  });
}
