/** Reading the support inbox: the conversation list by status and assignee, one conversation. */
import type { z } from 'zod';
import type { SupportConversation, SupportConversationRow, SupportQuery } from '../../sync/api/admin-support';
import { SUPPORT_PAGE_SIZE } from '../../sync/api/admin-support';
import type { AppContext } from '../context';
import type { DB } from '../db/connection';

type Person = { id: string; displayName: string; username: string };

function conversationRows(db: DB) {
  return db
    .selectFrom('supportConversations as c')
    .innerJoin('users as u', 'u.id', 'c.userId')
    .leftJoin('users as a', 'a.id', 'c.assigneeId')
    .select([
      'c.userId',
      'c.status',
      'c.lastMessageAt',
      'c.lastPreview',
      'c.lastFromStaff',
      'u.displayName',
      'u.username',
      'a.id as assigneeId',
      'a.displayName as assigneeName',
      'a.username as assigneeUsername',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof conversationRows>['executeTakeFirstOrThrow']>>;

function toRow(r: Row): SupportConversationRow {
  return {
    userId: r.userId,
    person: { id: r.userId, displayName: r.displayName, username: r.username },
    status: r.status,
    assignee: r.assigneeId ? { id: r.assigneeId, displayName: r.assigneeName ?? '', username: r.assigneeUsername ?? '' } : null,
    lastMessageAt: r.lastMessageAt,
    lastPreview: r.lastPreview,
    lastFromStaff: r.lastFromStaff === 1,
  };
}

/** Accounts that may answer support (admins today, as sync/roles.ts grants 'support:answer'). */
export async function supportStaff(db: DB): Promise<Person[]> {
  return db
    .selectFrom('users as u')
    .innerJoin('userRoles as r', 'r.userId', 'u.id')
    .select(['u.id', 'u.displayName', 'u.username'])
    .where('r.role', '=', 'admin')
    .where('u.status', '=', 'active')
    .orderBy('u.displayName')
    .limit(200)
    .execute();
}

export async function listConversations(ctx: AppContext, query: z.output<typeof SupportQuery>, me: string) {
  const assignee = query.assignee === 'mine' ? me : query.assignee;
  const items = await conversationRows(ctx.db)
    .$if(query.status !== 'all', (q) => q.where('c.status', '=', query.status as 'open'))
    .$if(assignee === 'none', (q) => q.where('c.assigneeId', 'is', null))
    .$if(assignee !== '' && assignee !== 'none', (q) => q.where('c.assigneeId', '=', assignee))
    .orderBy('c.lastMessageAt', 'desc')
    .orderBy('c.userId')
    .limit(SUPPORT_PAGE_SIZE)
    .execute();
  const counted = await ctx.db
    .selectFrom('supportConversations')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const counts = { open: 0, waiting: 0, closed: 0 };
  for (const c of counted) counts[c.status] = Number(c.n);
  return { items: items.map(toRow), counts, staff: await supportStaff(ctx.db) };
}

export async function findConversation(db: DB, userId: string): Promise<SupportConversation | null> {
  const row = await conversationRows(db).where('c.userId', '=', userId).executeTakeFirst();
  if (!row) return null;
  const messages = await db
    .selectFrom('supportMessages as m')
    .leftJoin('users as s', 's.id', 'm.staffId')
    .select(['m.id', 'm.fromStaff', 'm.body', 'm.sentAt', 's.id as staffId', 's.displayName as staffName', 's.username as staffUsername'])
    .where('m.userId', '=', userId)
    .orderBy('m.sentAt')
    .orderBy('m.id')
    .execute();
  return {
    ...toRow(row),
    messages: messages.map((m) => ({
      id: m.id,
      fromStaff: m.fromStaff === 1,
      staff: m.staffId ? { id: m.staffId, displayName: m.staffName ?? '', username: m.staffUsername ?? '' } : null,
      body: m.body,
      sentAt: m.sentAt,
    })),
  };
}
