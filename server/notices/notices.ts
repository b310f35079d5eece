/**
 * Notices: what the segment is (its author or book looked up, 422 when it is not one), the
 * preview's counts, sending (the notice row, its counts at the time, the first batch's job and
 * the audit entry commit together) and the history with delivery counts.
 */
import { STORE_STATUSES } from '../store/admin/books';
import type { z } from 'zod';
import { NOTICE_SEGMENTS, SEGMENT_LABELS, type NoticeInput, type NoticeRow } from '../../sync/api/admin-notices';
import { cleanText, sitePath } from '../../sync/support/text';
import type { AdminActor } from '../admin/actor';
import { containsText } from '../db/contains';
import { recordAudit } from '../audit/record';
import type { AppContext } from '../context';
import { invalid } from '../http/errors';
import { newId } from '../http/ids';
import { countSegment, type Segment } from './segments';
import { deliveryCounts, NOTICE_JOB } from './send';

export const NOTICE_HISTORY_PAGE = 20;

type Audience = { segment: (typeof NOTICE_SEGMENTS)[number]; refId: string; inApp: boolean; email: boolean };

/** The segment with its label; refuses an author or book that does not exist. */
async function resolveSegment(ctx: AppContext, input: Audience): Promise<Segment & { label: string }> {
  if (input.segment === 'followers') {
    const author = await ctx.db
      .selectFrom('users as u')
      .innerJoin('userRoles as r', 'r.userId', 'u.id')
      .select('u.displayName')
      .where('u.id', '=', input.refId)
      .where('r.role', '=', 'author')
      .executeTakeFirst();
    if (!author) throw invalid('Choose an author.', { refId: 'Choose an author.' });
    return { segment: 'followers', refId: input.refId, label: `Followers of ${author.displayName}` };
  }
  if (input.segment === 'buyers') {
    const book = await ctx.db
      .selectFrom('books')
      .select('title')
      .where('id', '=', input.refId)
      .where('status', 'in', [...STORE_STATUSES])
      .executeTakeFirst();
    if (!book) throw invalid('Choose a book.', { refId: 'Choose a book.' });
    return { segment: 'buyers', refId: input.refId, label: `Buyers of ${book.title}` };
  }
  return { segment: input.segment, refId: '', label: SEGMENT_LABELS[input.segment] };
}

export async function previewCounts(ctx: AppContext, input: Audience) {
  const segment = await resolveSegment(ctx, input);
  return { ...(await countSegment(ctx.db, segment, input)), segmentLabel: segment.label };
}

export async function createNotice(ctx: AppContext, by: AdminActor, input: z.output<typeof NoticeInput>): Promise<string> {
  const segment = await resolveSegment(ctx, input);
  const title = cleanText(input.title);
  if (!title) throw invalid('Give the notice a title.', { title: 'Give the notice a title.' });
  const counts = await countSegment(ctx.db, segment, input);
  const id = newId();
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('notices')
      .values({
        id,
        title,
        body: cleanText(input.body),
        link: input.link ? sitePath(input.link) : null,
        segment: segment.segment,
        segmentRef: segment.refId || null,
        segmentLabel: segment.label,
        inApp: input.inApp ? 1 : 0,
        email: input.email ? 1 : 0,
        status: 'sending',
        recipients: counts.total - counts.excluded,
        excluded: counts.excluded,
        createdBy: by.actor.id,
        createdAt: now,
        sentAt: null,
      })
      .execute();
    await ctx.queue.enqueue(NOTICE_JOB, { noticeId: id }, { in: trx });
    await recordAudit(trx, now, {
      ...by,
      action: 'notice.send',
      targetType: 'notice',
      targetId: id,
      detail: { segment: segment.label, inApp: input.inApp, email: input.email, recipients: counts.total - counts.excluded, excluded: counts.excluded },
    });
  });
  return id;
}

export async function noticeHistory(ctx: AppContext, page: number, onlyId?: string): Promise<{ items: NoticeRow[]; total: number }> {
  const rows = await ctx.db
    .selectFrom('notices as n')
    .leftJoin('users as u', 'u.id', 'n.createdBy')
    .selectAll('n')
    .select('u.displayName as createdByName')
    .$if(onlyId !== undefined, (q) => q.where('n.id', '=', onlyId!))
    .orderBy('n.createdAt', 'desc')
    .orderBy('n.id', 'desc')
    .limit(NOTICE_HISTORY_PAGE)
    .offset((page - 1) * NOTICE_HISTORY_PAGE)
    .execute();
  const total = onlyId
    ? rows.length
    : Number(
        (
          await ctx.db
            .selectFrom('notices')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
  const delivered = await deliveryCounts(
    ctx,
    rows.map((r) => r.id),
  );
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.body,
      link: r.link,
      segment: r.segment,
      segmentLabel: r.segmentLabel,
      inApp: r.inApp === 1,
      email: r.email === 1,
      status: r.status,
      recipients: r.recipients,
      excluded: r.excluded,
      createdAt: r.createdAt,
      sentAt: r.sentAt,
      createdBy: r.createdByName ?? 'A former admin',
      delivered: delivered.get(r.id)!,
    })),
  };
}

/** Authors (by name or username) or store books (by title) for the segment pickers. */
export async function findTargets(ctx: AppContext, kind: 'author' | 'book', q: string) {
  if (kind === 'author') {
    const rows = await ctx.db
      .selectFrom('users as u')
      .innerJoin('userRoles as r', 'r.userId', 'u.id')
      .select(['u.id', 'u.displayName', 'u.username'])
      .where('r.role', '=', 'author')
      .where('u.status', '=', 'active')
      .$if(q !== '', (qb) => qb.where((eb) => eb.or([containsText('u.displayName', q), containsText('u.username', q)])))
      .orderBy('u.displayName')
      .limit(10)
      .execute();
    return { items: rows.map((r) => ({ id: r.id, label: r.displayName, detail: `@${r.username}` })) };
  }
  const rows = await ctx.db
    .selectFrom('books')
    .select(['id', 'title', 'status'])
    // Store books only: drafts and private sideloads are nobody's business (decision 025), and have no buyers.
    .where('status', 'in', [...STORE_STATUSES])
    .$if(q !== '', (qb) => qb.where(containsText('title', q)))
    .orderBy('title')
    .limit(10)
    .execute();
  return { items: rows.map((r) => ({ id: r.id, label: r.title, detail: r.status })) };
}
