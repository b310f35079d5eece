/**
 * Staff answering support. A reply is written by the server into the person's conversation as
 * "Quire support" (the messages collection, so it reaches their devices live and stays offline),
 * while the inbox records which staff member wrote it. The sender, the names and the conversation
 * are derived here, never taken from the request; the text is cleaned (sync/support/text.ts).
 * Every reply, assignment and status change is audited and announced to staff's open inboxes.
 */
import type { z } from 'zod';
import type { SupportReplyInput, SupportUpdateInput } from '../../sync/api/admin-support';
import { conversationIdOf, messages } from '../../sync/collections/messages';
import { SUPPORT_ID, SUPPORT_NAME } from '../../sync/support/support';
import { cleanText } from '../../sync/support/text';
import type { AdminActor } from '../admin/actor';
import { recordAudit } from '../audit/record';
import type { AppContext } from '../context';
import { invalid, notFound } from '../http/errors';
import { newId } from '../http/ids';
import { writeServerDoc } from '../sync/server-write';
import { preview } from './inbox';
import { announceInboxChange } from './live';
import { supportStaff } from './queries';

async function conversationOf(ctx: AppContext, userId: string) {
  const row = await ctx.db.selectFrom('supportConversations').select(['userId', 'status', 'assigneeId']).where('userId', '=', userId).executeTakeFirst();
  if (!row) throw notFound('No such support conversation.');
  return row;
}

export async function replyAsTeam(ctx: AppContext, by: AdminActor, userId: string, input: z.output<typeof SupportReplyInput>): Promise<void> {
  await conversationOf(ctx, userId);
  const person = await ctx.db.selectFrom('users').select(['displayName', 'status']).where('id', '=', userId).executeTakeFirst();
  if (!person || person.status === 'deleted') throw notFound('No such support conversation.');
  const body = cleanText(input.body);
  if (!body) throw invalid('Write a reply.', { body: 'Write a reply.' });
  const now = ctx.now();
  const id = newId();
  // The inbox row first: once the document reaches the person, the inbox already knows who wrote it.
  await ctx.db.transaction().execute(async (trx) => {
    await trx.insertInto('supportMessages').values({ id, userId, staffId: by.actor.id, fromStaff: 1, body, sentAt: now }).execute();
    await trx
      .updateTable('supportConversations')
      .set({ status: input.close ? 'closed' : 'waiting', lastMessageAt: now, lastPreview: preview(body), lastFromStaff: 1, updatedAt: now })
      .where('userId', '=', userId)
      .execute();
    await recordAudit(trx, now, {
      ...by,
      action: 'support.reply',
      targetType: 'user',
      targetId: userId,
      detail: { messageId: id, closed: input.close },
    });
  });
  await writeServerDoc(ctx, messages, {
    id,
    conversationId: conversationIdOf(SUPPORT_ID, userId),
    senderId: SUPPORT_ID,
    recipientId: userId,
    senderName: SUPPORT_NAME,
    recipientName: person.displayName,
    body,
    sentAt: now,
    readAt: null,
    updatedAt: now,
  });
  await announceInboxChange(ctx);
}

export async function updateConversation(ctx: AppContext, by: AdminActor, userId: string, input: z.output<typeof SupportUpdateInput>): Promise<void> {
  const current = await conversationOf(ctx, userId);
  const changes: { status?: 'open' | 'waiting' | 'closed'; assigneeId?: string | null } = {};
  if (input.status && input.status !== current.status) changes.status = input.status;
  if (input.assigneeId !== undefined && input.assigneeId !== current.assigneeId) {
    if (input.assigneeId !== null && !(await supportStaff(ctx.db)).some((s) => s.id === input.assigneeId)) {
      throw invalid('Assign the conversation to a member of staff.', { assigneeId: 'Assign the conversation to a member of staff.' });
    }
    changes.assigneeId = input.assigneeId;
  }
  if (Object.keys(changes).length === 0) return;
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('supportConversations')
      .set({ ...changes, updatedAt: now })
      .where('userId', '=', userId)
      .execute();
    await recordAudit(trx, now, { ...by, action: 'support.update', targetType: 'user', targetId: userId, detail: changes });
  });
  await announceInboxChange(ctx);
}
