/**
 * Who hears about a publishing event, through one job queued in the event's transaction (so a
 * command that fails tells nobody): a submission tells the reviewers; a reviewer's decision, and a
 * reviewer unlisting or listing the book, tell its author; a comment tells the other side (the
 * author, or the reviewers who have acted on the book). Nobody is told about their own action.
 */
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import type { JobWorker } from '../jobs/worker';
import { notifyUser, type NoticeInput } from '../notifications/notify';
import { parseMetadata } from './publications';

const NOTICE_JOB = 'publishing.notice';

export async function queuePublishingNotice(ctx: AppContext, trx: DB, eventId: number): Promise<void> {
  await ctx.queue.enqueue(NOTICE_JOB, { eventId }, { in: trx });
}

const TO_AUTHOR: Record<string, (title: string) => Pick<NoticeInput, 'title' | 'body'>> = {
  start_review: (t) => ({ title: `“${t}” is in review`, body: 'A reviewer has started reading it.' }),
  approve: (t) => ({ title: `“${t}” is published`, body: 'It is in the store now.' }),
  request_changes: (t) => ({ title: `Changes requested for “${t}”`, body: 'A reviewer asked for changes before it can be published.' }),
  reject: (t) => ({ title: `“${t}” was not accepted`, body: 'A reviewer rejected it.' }),
  unlist: (t) => ({ title: `“${t}” was taken out of the store`, body: 'A reviewer unlisted it. Readers who own it keep it.' }),
  republish: (t) => ({ title: `“${t}” is back in the store`, body: 'A reviewer listed it again.' }),
  comment: (t) => ({ title: `A reviewer commented on “${t}”`, body: '' }),
};

async function reviewers(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom('userRoles')
    .innerJoin('users', 'users.id', 'userRoles.userId')
    .select('users.id')
    .where('userRoles.role', '=', 'admin')
    .where('users.status', '=', 'active')
    .execute();
  return rows.map((r) => r.id);
}

async function tell(ctx: AppContext, payload: { eventId?: unknown }): Promise<void> {
  if (typeof payload?.eventId !== 'number') return;
  const event = await ctx.db
    .selectFrom('publicationEvents as e')
    .innerJoin('publications as p', 'p.id', 'e.publicationId')
    .select(['e.publicationId', 'e.action', 'e.actorId', 'e.actorName', 'e.comment', 'p.ownerId', 'p.metadata', 'p.imprintId'])
    .where('e.id', '=', payload.eventId)
    .executeTakeFirst();
  if (!event?.metadata) return;
  const title = parseMetadata(event.metadata).title;
  const byAuthor = event.actorId === event.ownerId;
  // An imprint's book is edited on the publisher's pages (decision 044).
  const authorLink = event.imprintId
    ? `/publisher/books/${encodeURIComponent(event.publicationId)}/edit?imprint=${encodeURIComponent(event.imprintId)}`
    : `/publishing/${encodeURIComponent(event.publicationId)}`;
  const reviewLink = `/admin/store/review/${encodeURIComponent(event.publicationId)}`;
  const quote = event.comment ? `\n\n“${event.comment}” — ${event.actorName}` : '';

  if (event.action === 'submit') {
    for (const id of await reviewers(ctx.db))
      if (id !== event.actorId)
        await notifyUser(ctx, id, {
          event: 'publishing',
          title: `“${title}” waits for review`,
          body: `${event.actorName} submitted it.${quote}`,
          link: reviewLink,
        });
  } else if (event.action === 'comment' && byAuthor) {
    // The reviewers who have acted on this book, not every admin.
    const acted = await ctx.db
      .selectFrom('publicationEvents')
      .select('actorId')
      .distinct()
      .where('publicationId', '=', event.publicationId)
      .where('actorId', '!=', event.ownerId)
      .execute();
    for (const { actorId } of acted)
      if (actorId)
        await notifyUser(ctx, actorId, { event: 'publishing', title: `${event.actorName} commented on “${title}”`, body: event.comment, link: reviewLink });
  } else if (!byAuthor && TO_AUTHOR[event.action]) {
    const notice = TO_AUTHOR[event.action]!(title);
    await notifyUser(ctx, event.ownerId, { event: 'publishing', ...notice, body: `${notice.body}${quote}`.trim(), link: authorLink });
  }
}

export function registerPublishingJobs(worker: JobWorker, ctx: AppContext) {
  worker.register(NOTICE_JOB, (payload: { eventId?: unknown }) => tell(ctx, payload));
}
