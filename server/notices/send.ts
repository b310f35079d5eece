/**
 * Sending a notice: a `notice.send` job works through the segment in batches of NOTICE_BATCH,
 * each batch queuing the next. Per person, in id order: the in-app notification (a replicated
 * document whose id is the notice's and the person's, so writing it twice is one notification),
 * then one transaction with the delivery row and, when their choices allow e-mail, the outbox row
 * (text and HTML, mail.ts) and its mail job. Whoever has a delivery row is skipped, so a send that
 * crashes carries on where it stopped without sending anyone a second copy. People who joined the segment after the
 * notice was sent but before their batch get it too (the segment is read as the job runs).
 */
import { sql } from 'kysely';
import { notifications } from '../../sync/collections/notifications';
import type { AppContext } from '../context';
import type { JobWorker } from '../jobs/worker';
import { writeServerDoc } from '../sync/server-write';
import { renderNoticeMail } from './mail';
import { NOTICE_EVENT, segmentMembers } from './segments';

export const NOTICE_JOB = 'notice.send';
const NOTICE_BATCH = 200;

interface BatchOptions {
  batchSize?: number;
  /** Tests: called after each recorded delivery, to stop a send half way as a crash would. */
  afterDelivery?: (userId: string) => void;
}

const noticeDocId = (noticeId: string, userId: string) => `n-${noticeId}-${userId}`;

/** One batch of a notice. Returns 'more' when people are left (and the next batch is queued). */
export async function sendNoticeBatch(ctx: AppContext, noticeId: string, options: BatchOptions = {}): Promise<'more' | 'done' | 'nothing'> {
  const notice = await ctx.db.selectFrom('notices').selectAll().where('id', '=', noticeId).executeTakeFirst();
  if (!notice || notice.status === 'sent') return 'nothing';
  const batchSize = options.batchSize ?? NOTICE_BATCH;
  const people = await segmentMembers(ctx.db, { segment: notice.segment, refId: notice.segmentRef ?? '' })
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('noticeDeliveries as d').select('d.userId').where('d.noticeId', '=', noticeId).whereRef('d.userId', '=', 'u.id'))),
    )
    .orderBy('u.id')
    .limit(batchSize)
    .execute();
  for (const person of people) {
    const inApp = notice.inApp === 1 && person.inAppOn === 1;
    const email = notice.email === 1 && person.emailOn === 1;
    if (inApp) {
      const now = ctx.now();
      await writeServerDoc(ctx, notifications, {
        id: noticeDocId(noticeId, person.id),
        userId: person.id,
        kind: NOTICE_EVENT,
        title: notice.title,
        body: notice.body,
        link: notice.link,
        createdAt: now,
        readAt: null,
        updatedAt: now,
      });
    }
    await ctx.db.transaction().execute(async (trx) => {
      const outboxId = email
        ? await ctx.mail.send({ to: person.email, ...renderNoticeMail(ctx.config.publicUrl, notice, person.displayName) }, { in: trx })
        : null;
      await trx
        .insertInto('noticeDeliveries')
        .values({ noticeId, userId: person.id, inApp: inApp ? 1 : 0, outboxId, createdAt: ctx.now() })
        .execute();
    });
    options.afterDelivery?.(person.id);
  }
  if (people.length === batchSize) {
    await ctx.queue.enqueue(NOTICE_JOB, { noticeId });
    return 'more';
  }
  await ctx.db.updateTable('notices').set({ status: 'sent', sentAt: ctx.now() }).where('id', '=', noticeId).execute();
  return 'done';
}

/** What reached people: in-app notifications written, e-mails by their outbox state. */
export async function deliveryCounts(ctx: AppContext, noticeIds: string[]) {
  const counts = new Map<string, { inApp: number; emailsSent: number; emailsQueued: number; emailsFailed: number }>();
  for (const id of noticeIds) counts.set(id, { inApp: 0, emailsSent: 0, emailsQueued: 0, emailsFailed: 0 });
  if (noticeIds.length === 0) return counts;
  const rows = await ctx.db
    .selectFrom('noticeDeliveries as d')
    .leftJoin('mailOutbox as o', 'o.id', 'd.outboxId')
    .select((eb) => [
      'd.noticeId',
      eb.fn.sum<number>('d.inApp').as('inApp'),
      eb.fn.sum<number>(sql<number>`case when o.status in ('sent','stored') then 1 else 0 end`).as('sent'),
      eb.fn.sum<number>(sql<number>`case when o.status = 'failed' or (o.status = 'queued' and o.error is not null) then 1 else 0 end`).as('failed'),
      eb.fn.sum<number>(sql<number>`case when o.status = 'queued' and o.error is null then 1 else 0 end`).as('queued'),
    ])
    .where('d.noticeId', 'in', noticeIds)
    .groupBy('d.noticeId')
    .execute();
  for (const r of rows) {
    counts.set(r.noticeId, {
      inApp: Number(r.inApp ?? 0),
      emailsSent: Number(r.sent ?? 0),
      emailsQueued: Number(r.queued ?? 0),
      emailsFailed: Number(r.failed ?? 0),
    });
  }
  return counts;
}

export function registerNoticeJobs(worker: JobWorker, ctx: AppContext) {
  worker.register(NOTICE_JOB, async (payload: { noticeId?: unknown }) => {
    if (typeof payload?.noticeId === 'string') await sendNoticeBatch(ctx, payload.noticeId);
  });
}
