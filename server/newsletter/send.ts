/**
 * Sending an issue: a `newsletter.send` job works through the active subscribers in batches of
 * Config.newsletterBatchSize, then queues itself again after the pause that keeps it under
 * Config.newsletterPerMinute. Each recipient gets one transaction holding the delivery row
 * (primary key issue + subscription), the outbox row and its mail job: a delivery is recorded
 * before the next recipient is touched, and a job that dies anywhere is claimed again and carries
 * on from the first recipient without a delivery — nobody gets the issue twice.
 */
import type { AppContext } from '../context';
import type { JobWorker } from '../jobs/worker';
import { bodyMailParts } from './body';
import { findNewsletter, footerAddress, type Newsletter } from './newsletters';
import { renderNewsletterMail } from './render';
import { unsubscribeLinks } from './subscriptions';

export const SEND_JOB = 'newsletter.send';

interface BatchOptions {
  /** Tests: called after each recorded delivery, to stop a send half way as a crash would. */
  afterDelivery?: (subscriptionId: string) => void;
}

/** The mail of one issue to one subscriber (or, with no subscription, a test copy). */
export async function issueMail(ctx: AppContext, newsletter: Newsletter, issue: { id: string; subject: string; body: string }, subscriptionId: string | null) {
  const links = subscriptionId ? await unsubscribeLinks(ctx, subscriptionId, issue.id) : null;
  const rendered = renderNewsletterMail(issue.subject, bodyMailParts(issue.body, ctx.config.publicUrl), {
    newsletterName: newsletter.name,
    postalAddress: await footerAddress(ctx, newsletter),
    unsubscribeUrl: links?.pageUrl ?? null,
  });
  return {
    subject: issue.subject,
    ...rendered,
    headers: { ...(links?.headers ?? {}), ...(newsletter.replyTo ? { 'Reply-To': newsletter.replyTo } : {}) },
    fromName: newsletter.name,
  };
}

/** One batch of an issue. Returns 'more' when recipients are left (and the next batch is queued). */
export async function sendIssueBatch(ctx: AppContext, issueId: string, options: BatchOptions = {}): Promise<'more' | 'done' | 'nothing'> {
  const issue = await ctx.db.selectFrom('newsletterIssues').selectAll().where('id', '=', issueId).executeTakeFirst();
  // A draft (cancelled), a sent issue, or a job left over from an earlier schedule: nothing to do.
  if (!issue || issue.status === 'draft' || issue.status === 'sent') return 'nothing';
  if (issue.status === 'scheduled' && (issue.sendAt ?? 0) > ctx.now()) return 'nothing';
  const newsletter = await findNewsletter(ctx, issue.newsletterId);
  if (!newsletter) return 'nothing';
  // No postal address for the footer (scheduled before one was required): back to a draft, sent to
  // nobody; scheduling it again asks for the address. Settings refuse to clear it while issues wait.
  if (!(await footerAddress(ctx, newsletter)).trim()) {
    await ctx.db.updateTable('newsletterIssues').set({ status: 'draft', sendAt: null, updatedAt: ctx.now() }).where('id', '=', issueId).execute();
    console.warn(`[newsletter] issue ${issueId} went back to draft: its newsletter has no postal address for the footer`);
    return 'nothing';
  }
  if (issue.status === 'scheduled') {
    await ctx.db.updateTable('newsletterIssues').set({ status: 'sending', updatedAt: ctx.now() }).where('id', '=', issueId).execute();
  }
  const batchSize = Math.max(1, ctx.config.newsletterBatchSize);
  const recipients = await ctx.db
    .selectFrom('newsletterSubscriptions as s')
    .select(['s.id', 's.email'])
    .where('s.newsletterId', '=', issue.newsletterId)
    .where('s.status', '=', 'active')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('newsletterDeliveries as d').select('d.subscriptionId').where('d.issueId', '=', issueId).whereRef('d.subscriptionId', '=', 's.id')),
      ),
    )
    .orderBy('s.id')
    .limit(batchSize)
    .execute();
  for (const r of recipients) {
    const mail = await issueMail(ctx, newsletter, issue, r.id);
    await ctx.db.transaction().execute(async (trx) => {
      // Transactions run one at a time on the one connection, so this check cannot race.
      const done = await trx
        .selectFrom('newsletterDeliveries')
        .select('outboxId')
        .where('issueId', '=', issueId)
        .where('subscriptionId', '=', r.id)
        .executeTakeFirst();
      if (done) return;
      const outboxId = await ctx.mail.send({ to: r.email, ...mail }, { in: trx });
      await trx.insertInto('newsletterDeliveries').values({ issueId, subscriptionId: r.id, outboxId, createdAt: ctx.now() }).execute();
    });
    options.afterDelivery?.(r.id);
  }
  if (recipients.length === batchSize) {
    const pause = Math.ceil((batchSize / Math.max(1, ctx.config.newsletterPerMinute)) * 60_000);
    await ctx.queue.enqueue(SEND_JOB, { issueId }, { runAt: ctx.now() + pause });
    return 'more';
  }
  await ctx.db.updateTable('newsletterIssues').set({ status: 'sent', sentAt: ctx.now(), updatedAt: ctx.now() }).where('id', '=', issueId).execute();
  return 'done';
}

export function registerNewsletterJobs(worker: JobWorker, ctx: AppContext) {
  worker.register(SEND_JOB, async (payload: { issueId?: unknown }) => {
    if (typeof payload?.issueId === 'string') await sendIssueBatch(ctx, payload.issueId);
  });
}
