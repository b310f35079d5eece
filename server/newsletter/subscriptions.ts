/**
 * Subscribing (double opt-in), confirming and leaving. A subscription is one (newsletter, address)
 * row: asking again while pending or after leaving sends a fresh confirmation link; asking while
 * active changes nothing. The answer to "subscribe" is the same in every case, so it never says
 * whether an address is on a list.
 */
import { CONFIRM_TTL_HOURS, NEWSLETTER_UNSUBSCRIBE_PATH } from '../../sync/api/newsletter';
import type { AppContext } from '../context';
import type { ApiErrorBody } from '../../sync/errors';
import { ApiError, badRequest } from '../http/errors';
import { newId } from '../http/ids';
import { renderMail } from '../mail/transactional';
import { findNewsletter, footerAddress, type Newsletter } from './newsletters';
import { renderNewsletterMail } from './render';
import { hashToken, newConfirmToken, readUnsubscribeToken, unsubscribeToken } from './tokens';

const HOUR = 3_600_000;

/** A refused confirmation link: 400 with a `reason` the confirmation page words its notice by. */
class ConfirmRefused extends ApiError {
  constructor(readonly reason: 'expired' | 'used') {
    super(
      400,
      'bad_request',
      reason === 'expired'
        ? 'This confirmation link has expired. Subscribe again to get a new one.'
        : 'This confirmation link is not valid, or it was used already. If you are not subscribed yet, subscribe again.',
    );
  }
  override toBody(): ApiErrorBody {
    const body = super.toBody();
    return { error: { ...body.error, reason: this.reason } };
  }
}
const expired = () => new ConfirmRefused('expired');
const usedOrUnknown = () => new ConfirmRefused('used');

export async function subscribe(ctx: AppContext, newsletter: Newsletter, email: string, userId: string | null): Promise<void> {
  const existing = await ctx.db
    .selectFrom('newsletterSubscriptions')
    .select(['id', 'status'])
    .where('newsletterId', '=', newsletter.id)
    .where('email', '=', email)
    .executeTakeFirst();
  if (existing?.status === 'active') return;
  const { token, hash } = newConfirmToken();
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const confirm = { confirmHash: hash, confirmExpiresAt: now + CONFIRM_TTL_HOURS * HOUR };
    if (existing) {
      await trx
        .updateTable('newsletterSubscriptions')
        .set({ ...confirm, status: 'pending', ...(userId ? { userId } : {}) })
        .where('id', '=', existing.id)
        .execute();
    } else {
      await trx
        .insertInto('newsletterSubscriptions')
        .values({ id: newId(), newsletterId: newsletter.id, email, userId, status: 'pending', ...confirm, createdAt: now })
        .execute();
    }
    const link = `${ctx.config.publicUrl}/newsletter/confirm?token=${token}`;
    await ctx.mail.send(
      {
        to: email,
        ...renderMail(ctx.config.publicUrl, {
          subject: `Confirm your subscription to ${newsletter.name}`,
          paragraphs: ['Hello,', `Someone (hopefully you) asked to get ${newsletter.name} at this address. Confirm here:`],
          action: { label: 'Confirm your subscription', url: link },
          after: [`The link works once and expires in ${CONFIRM_TTL_HOURS} hours. If you didn't ask, ignore this message: nothing will be sent.`],
        }),
        fromName: newsletter.name,
      },
      { in: trx },
    );
  });
}

/** The List-Unsubscribe headers and footer link of a mail to one subscription. */
export async function unsubscribeLinks(ctx: AppContext, subscriptionId: string, issueId: string) {
  const token = await unsubscribeToken(ctx.db, subscriptionId, issueId);
  const oneClick = `${ctx.config.publicUrl}${NEWSLETTER_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
  return {
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    pageUrl: `${ctx.config.publicUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
  };
}

async function welcomeMail(ctx: AppContext, newsletter: Newsletter, subscriptionId: string) {
  const links = await unsubscribeLinks(ctx, subscriptionId, '');
  const subject = newsletter.welcomeSubject || `Welcome to ${newsletter.name}`;
  const mail = renderNewsletterMail(subject, newsletter.welcomeBody, {
    newsletterName: newsletter.name,
    postalAddress: await footerAddress(ctx, newsletter),
    unsubscribeUrl: links.pageUrl,
  });
  return {
    subject,
    ...mail,
    headers: { ...links.headers, ...(newsletter.replyTo ? { 'Reply-To': newsletter.replyTo } : {}) },
    fromName: newsletter.name,
  };
}

export async function confirm(ctx: AppContext, token: string): Promise<Newsletter> {
  const row = await ctx.db
    .selectFrom('newsletterSubscriptions')
    .select(['id', 'newsletterId', 'email', 'confirmExpiresAt'])
    .where('confirmHash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) throw usedOrUnknown();
  if ((row.confirmExpiresAt ?? 0) < ctx.now()) throw expired();
  const newsletter = await findNewsletter(ctx, row.newsletterId);
  if (!newsletter) throw usedOrUnknown();
  // Read before the transaction: the one connection is the transaction's until it ends.
  const welcome = newsletter.welcomeBody ? await welcomeMail(ctx, newsletter, row.id) : null;
  await ctx.db.transaction().execute(async (trx) => {
    // Guarded by the hash, so two clicks at once confirm (and welcome) once.
    const done = await trx
      .updateTable('newsletterSubscriptions')
      .set({ status: 'active', confirmHash: null, confirmExpiresAt: null, confirmedAt: ctx.now(), unsubscribedAt: null, unsubscribedIssueId: null })
      .where('id', '=', row.id)
      .where('confirmHash', '=', hashToken(token))
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw usedOrUnknown();
    if (welcome) await ctx.mail.send({ to: row.email, ...welcome }, { in: trx });
  });
  return newsletter;
}

/** One-click unsubscribe: idempotent, and only ever the one subscription the token names. */
export async function unsubscribeWithToken(ctx: AppContext, token: string): Promise<Newsletter> {
  const named = await readUnsubscribeToken(ctx.db, token);
  const refused = () => badRequest('This unsubscribe link is not valid. Open the link from the newsletter itself.');
  if (!named) throw refused();
  const row = await ctx.db.selectFrom('newsletterSubscriptions').select(['newsletterId']).where('id', '=', named.subscriptionId).executeTakeFirst();
  if (!row) throw refused();
  await ctx.db
    .updateTable('newsletterSubscriptions')
    .set({ status: 'unsubscribed', unsubscribedAt: ctx.now(), unsubscribedIssueId: named.issueId, confirmHash: null, confirmExpiresAt: null })
    .where('id', '=', named.subscriptionId)
    .where('status', '!=', 'unsubscribed')
    .execute();
  return (await findNewsletter(ctx, row.newsletterId)) ?? { ...EMPTY, id: row.newsletterId };
}

const EMPTY: Newsletter = {
  id: '',
  authorId: null,
  name: 'this newsletter',
  senderName: '',
  replyTo: '',
  welcomeSubject: '',
  welcomeBody: '',
  postalAddress: '',
};
