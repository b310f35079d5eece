/**
 * Newsletters (/newsletter, /newsletter/setup, /admin/newsletter/setup, the sign-up on
 * /author/{id}): the site's newsletter and each author's. Subscribing is double opt-in; every
 * issue carries an RFC 8058 one-click unsubscribe URL (`NEWSLETTER_UNSUBSCRIBE_PATH`) that a
 * plain POST, with no session and from any origin, answers.
 *
 * Written with zod/mini only: these schemas ship in the /author and /newsletter chunks.
 */
import * as z from 'zod/mini';
import { endpoint } from './contract';

export const SITE_NEWSLETTER = 'site';
/** The id of an author's newsletter. */
export function authorNewsletterId(authorId: string): string {
  return `author:${authorId}`;
}

export const NEWSLETTER_UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';
/** How long a confirmation link works. */
export const CONFIRM_TTL_HOURS = 48;
export const SUBJECT_MAX = 200;
/** An issue's body: the editor's HTML (its markup counts too), or Markdown from API clients. */
const BODY_MAX = 200_000;

const text = (max: number, tooLong: string) => z.string().check(z.trim(), z.maxLength(max, { error: tooLong }));
const EmailField = z
  .string({ error: 'Enter your e-mail address.' })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, { error: 'Enter your e-mail address.' }),
    z.maxLength(254, { error: 'That e-mail address is too long.' }),
    z.email({ error: 'Enter a valid e-mail address, like name@example.com.' }),
  );

const SubscribeInput = z.object({
  newsletterId: z.string().check(z.minLength(1), z.maxLength(100)),
  /** Signed out: required. Signed in: the account's address when left out. */
  email: z.optional(EmailField),
});
/** Always the same answer, whether or not the address was subscribed already. */
export const subscribe = endpoint({
  method: 'POST',
  path: '/api/newsletter/subscribe',
  body: SubscribeInput,
  response: z.object({ newsletterName: z.string() }),
  status: 202,
});

const TokenInput = z.object({ token: z.string().check(z.minLength(1), z.maxLength(400)) });
export const confirmSubscription = endpoint({
  method: 'POST',
  path: '/api/newsletter/confirm',
  body: TokenInput,
  response: z.object({ newsletterName: z.string() }),
});
/** RFC 8058 one-click: `token` in the query, any body (List-Unsubscribe=One-Click), no session. */
export const unsubscribeByToken = endpoint({
  method: 'POST',
  path: NEWSLETTER_UNSUBSCRIBE_PATH,
  query: TokenInput,
  response: z.object({ newsletterName: z.string() }),
});

const SubscriptionSchema = z.object({
  id: z.string(),
  newsletterId: z.string(),
  newsletterName: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'active', 'unsubscribed']),
  since: z.number(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;
export const mySubscriptions = endpoint({
  method: 'GET',
  path: '/api/newsletter/subscriptions',
  response: z.object({ subscriptions: z.array(SubscriptionSchema) }),
});
export const leaveSubscription = endpoint({
  method: 'DELETE',
  path: '/api/newsletter/subscriptions/:id',
  response: z.undefined(),
  status: 204,
});

const ArchivedIssueSchema = z.object({ id: z.string(), newsletterId: z.string(), newsletterName: z.string(), subject: z.string(), sentAt: z.number() });
/** Sent issues of the site newsletter and of the newsletters the signed-in person subscribes to. */
export const newsletterArchive = endpoint({
  method: 'GET',
  path: '/api/newsletter/archive',
  response: z.object({ issues: z.array(ArchivedIssueSchema) }),
});
/** One sent issue, as HTML made on the server: the editor's, sanitised, or an older issue's Markdown rendered (raw HTML in it escaped). */
export const archivedIssue = endpoint({
  method: 'GET',
  path: '/api/newsletter/archive/:id',
  response: z.extend(ArchivedIssueSchema, { html: z.string() }),
});

// ---------- setup: an author's own newsletter ('mine') or the site's ('site', admins) ----------
export type SetupScope = 'mine' | 'site';

const NewsletterSettingsInput = z.object({
  senderName: text(80, 'Keep the sender name under 80 characters.'),
  replyTo: z.union([z.literal(''), EmailField]),
  welcomeSubject: text(SUBJECT_MAX, `Keep the subject under ${SUBJECT_MAX} characters.`),
  welcomeBody: text(10_000, 'Keep the welcome mail under 10,000 characters.'),
  postalAddress: text(500, 'Keep the address under 500 characters.'),
});
export type NewsletterSettings = z.infer<typeof NewsletterSettingsInput>;

const IssueRowSchema = z.object({
  id: z.string(),
  subject: z.string(),
  /** As HTML for the editor (an issue written in Markdown before it, rendered). */
  body: z.string(),
  status: z.enum(['draft', 'scheduled', 'sending', 'sent']),
  sendAt: z.nullable(z.number()),
  sentAt: z.nullable(z.number()),
  results: z.object({ recipients: z.number(), sent: z.number(), failed: z.number(), unsubscribes: z.number() }),
});
export type IssueRow = z.infer<typeof IssueRowSchema>;

const SetupSchema = z.object({
  newsletterId: z.string(),
  settings: NewsletterSettingsInput,
  /** What the footer will show: this newsletter's address, else the site's. */
  footerAddress: z.string(),
  counts: z.object({ active: z.number(), pending: z.number(), unsubscribed: z.number() }),
  issues: z.array(IssueRowSchema),
  /** Site newsletter only (admins): how mail leaves. */
  transport: z.nullable(z.object({ kind: z.enum(['smtp', 'outbox']), ok: z.boolean(), detail: z.string() })),
});
export type NewsletterSetup = z.infer<typeof SetupSchema>;

export const getNewsletterSetup = endpoint({ method: 'GET', path: '/api/newsletter/setup/:scope', response: SetupSchema });
export const saveNewsletterSettings = endpoint({
  method: 'PUT',
  path: '/api/newsletter/setup/:scope',
  body: NewsletterSettingsInput,
  response: SetupSchema,
});

const IssueInput = z.object({
  subject: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Give the issue a subject.' }),
      z.maxLength(SUBJECT_MAX, { error: `Keep the subject under ${SUBJECT_MAX} characters.` }),
    ),
  body: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Write something to send.' }),
      z.maxLength(BODY_MAX, { error: 'The issue is too long to send: shorten it or split it into two.' }),
    ),
});
export const createIssue = endpoint({
  method: 'POST',
  path: '/api/newsletter/setup/:scope/issues',
  body: IssueInput,
  response: z.object({ id: z.string() }),
  status: 201,
});
export const updateIssue = endpoint({
  method: 'PUT',
  path: '/api/newsletter/setup/:scope/issues/:id',
  body: IssueInput,
  response: z.object({ id: z.string() }),
});
/** A copy to the signed-in person's own address, marked as a test. */
export const testSendIssue = endpoint({
  method: 'POST',
  path: '/api/newsletter/setup/:scope/issues/:id/test',
  response: z.object({ to: z.string() }),
  status: 202,
});
/** Send at `sendAt` (milliseconds; null: now); `cancel` takes a scheduled issue back to draft. */
export const scheduleIssue = endpoint({
  method: 'POST',
  path: '/api/newsletter/setup/:scope/issues/:id/schedule',
  body: z.object({ sendAt: z.nullable(z.number().check(z.int())), cancel: z.optional(z.boolean()) }),
  response: z.object({ status: z.enum(['draft', 'scheduled', 'sending', 'sent']) }),
});
