/**
 * /newsletter/setup and /admin/newsletter/setup: a newsletter's settings, its issues with their
 * results, and the commands on an issue (edit a draft, test send, schedule or cancel).
 */
import { SITE_NEWSLETTER, type IssueRow, type NewsletterSettings, type NewsletterSetup } from '../../sync/api/newsletter';
import type { AppContext } from '../context';
import { conflict, invalid, notFound } from '../http/errors';
import { newId } from '../http/ids';
import { bodyHtml, storedBody } from './body';
import { footerAddress, type Newsletter } from './newsletters';
import { issueMail, SEND_JOB } from './send';

const ISSUES_SHOWN = 50;

/** The field message when an issue would go out without the footer's postal address. */
export const NEEDS_POSTAL_ADDRESS = 'Add the postal address readers see in the footer of every issue: anti-spam law asks for one.';

/** Refuses (422, on the postal address field) when the footer would have no postal address. */
async function requireFooterAddress(ctx: AppContext, newsletter: Newsletter): Promise<void> {
  if (!(await footerAddress(ctx, newsletter)).trim()) throw invalid(NEEDS_POSTAL_ADDRESS, { postalAddress: NEEDS_POSTAL_ADDRESS });
}

async function issueRows(ctx: AppContext, newsletterId: string): Promise<IssueRow[]> {
  const issues = await ctx.db
    .selectFrom('newsletterIssues')
    .select(['id', 'subject', 'body', 'status', 'sendAt', 'sentAt'])
    .where('newsletterId', '=', newsletterId)
    .orderBy('createdAt', 'desc')
    .limit(ISSUES_SHOWN)
    .execute();
  if (issues.length === 0) return [];
  const ids = issues.map((i) => i.id);
  const deliveries = await ctx.db
    .selectFrom('newsletterDeliveries as d')
    .innerJoin('mailOutbox as m', 'm.id', 'd.outboxId')
    .select(['d.issueId', 'm.status', 'm.error'])
    .where('d.issueId', 'in', ids)
    .execute();
  const unsubscribes = await ctx.db
    .selectFrom('newsletterSubscriptions')
    .select(['unsubscribedIssueId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('unsubscribedIssueId', 'in', ids)
    .groupBy('unsubscribedIssueId')
    .execute();
  return issues.map((issue) => {
    const mine = deliveries.filter((d) => d.issueId === issue.id);
    return {
      ...issue,
      // The editor opens HTML: an issue written in Markdown before it comes as its rendering.
      body: bodyHtml(issue.body),
      results: {
        recipients: mine.length,
        sent: mine.filter((d) => d.status === 'sent' || d.status === 'stored').length,
        failed: mine.filter((d) => d.status === 'failed' || (d.status === 'queued' && d.error !== null)).length,
        unsubscribes: Number(unsubscribes.find((u) => u.unsubscribedIssueId === issue.id)?.n ?? 0),
      },
    };
  });
}

export async function readSetup(ctx: AppContext, newsletter: Newsletter, withTransport: boolean): Promise<NewsletterSetup> {
  const counts = { active: 0, pending: 0, unsubscribed: 0 };
  const rows = await ctx.db
    .selectFrom('newsletterSubscriptions')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('newsletterId', '=', newsletter.id)
    .groupBy('status')
    .execute();
  for (const r of rows) counts[r.status] = Number(r.n);
  return {
    newsletterId: newsletter.id,
    settings: {
      senderName: newsletter.senderName,
      replyTo: newsletter.replyTo,
      welcomeSubject: newsletter.welcomeSubject,
      welcomeBody: newsletter.welcomeBody,
      postalAddress: newsletter.postalAddress,
    },
    footerAddress: await footerAddress(ctx, newsletter),
    counts,
    issues: await issueRows(ctx, newsletter.id),
    transport: withTransport ? { kind: ctx.mail.transportName, ...(await ctx.mail.verify()) } : null,
  };
}

/**
 * Saves the settings. Clearing the postal address is refused while issues that would print it
 * wait to go out: this newsletter's, and for the site's, those of authors who gave none of their own.
 */
export async function saveSettings(ctx: AppContext, newsletterId: string, settings: NewsletterSettings): Promise<void> {
  if (!settings.postalAddress.trim()) {
    const waiting = await ctx.db
      .selectFrom('newsletterIssues as i')
      .innerJoin('newsletters as n', 'n.id', 'i.newsletterId')
      .select('i.id')
      .where('i.status', 'in', ['scheduled', 'sending'])
      .where((eb) =>
        newsletterId === SITE_NEWSLETTER ? eb.or([eb('n.id', '=', newsletterId), eb('n.postalAddress', '=', '')]) : eb('n.id', '=', newsletterId),
      )
      .executeTakeFirst();
    if (waiting) {
      const message = 'Scheduled issues print this address in their footer: cancel them before removing it.';
      throw invalid(message, { postalAddress: message });
    }
  }
  await ctx.db
    .updateTable('newsletters')
    .set({ ...settings, updatedAt: ctx.now() })
    .where('id', '=', newsletterId)
    .execute();
}

async function issueOf(ctx: AppContext, newsletterId: string, issueId: string) {
  const issue = await ctx.db.selectFrom('newsletterIssues').selectAll().where('id', '=', issueId).where('newsletterId', '=', newsletterId).executeTakeFirst();
  if (!issue) throw notFound('No such issue in this newsletter.');
  return issue;
}

export async function createIssue(ctx: AppContext, newsletterId: string, userId: string, input: { subject: string; body: string }): Promise<string> {
  const id = newId();
  const now = ctx.now();
  await ctx.db
    .insertInto('newsletterIssues')
    .values({ id, newsletterId, subject: input.subject, body: storedBody(input.body), status: 'draft', createdBy: userId, createdAt: now, updatedAt: now })
    .execute();
  return id;
}

export async function updateIssue(ctx: AppContext, newsletterId: string, issueId: string, input: { subject: string; body: string }): Promise<void> {
  const issue = await issueOf(ctx, newsletterId, issueId);
  if (issue.status !== 'draft' && issue.status !== 'scheduled') throw conflict('This issue has been sent; it can no longer be changed.');
  await ctx.db
    .updateTable('newsletterIssues')
    .set({ subject: input.subject, body: storedBody(input.body), updatedAt: ctx.now() })
    .where('id', '=', issueId)
    .where('status', 'in', ['draft', 'scheduled'])
    .execute();
}

export async function testSend(ctx: AppContext, newsletter: Newsletter, issueId: string, to: string): Promise<void> {
  const issue = await issueOf(ctx, newsletter.id, issueId);
  await requireFooterAddress(ctx, newsletter);
  const mail = await issueMail(ctx, newsletter, issue, null);
  await ctx.mail.send({ to, ...mail, subject: `[Test] ${issue.subject}` });
}

export async function schedule(ctx: AppContext, newsletter: Newsletter, issueId: string, sendAt: number | null, cancel: boolean) {
  const issue = await issueOf(ctx, newsletter.id, issueId);
  if (issue.status === 'sending' || issue.status === 'sent') throw conflict('This issue is already going out.');
  const now = ctx.now();
  if (cancel) {
    await ctx.db.updateTable('newsletterIssues').set({ status: 'draft', sendAt: null, updatedAt: now }).where('id', '=', issueId).execute();
    return 'draft' as const;
  }
  await requireFooterAddress(ctx, newsletter);
  const at = Math.max(now, sendAt ?? now);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('newsletterIssues').set({ status: 'scheduled', sendAt: at, updatedAt: now }).where('id', '=', issueId).execute();
    await ctx.queue.enqueue(SEND_JOB, { issueId }, { runAt: at, in: trx });
  });
  return 'scheduled' as const;
}
