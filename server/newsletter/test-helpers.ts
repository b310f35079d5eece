/** Shared steps of the newsletter tests: subscribe and confirm through the API, write an issue. */
import { createIssue, SITE_NEWSLETTER } from '../../sync/api/newsletter';
import type { TestContext } from '../test/test-context';

/** The confirmation token e-mailed to `email` (the newest one). */
export async function confirmTokenFor(t: TestContext, email: string): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('mailOutbox')
    .select('textBody')
    .where('toAddress', '=', email)
    .where('subject', 'like', 'Confirm your subscription%')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /\/newsletter\/confirm\?token=([a-z0-9]+)/.exec(row.textBody)![1]!;
}

export async function subscribeAndConfirm(t: TestContext, email: string, newsletterId = SITE_NEWSLETTER): Promise<void> {
  const res = await t.request('/api/newsletter/subscribe', { method: 'POST', json: { newsletterId, email } });
  if (res.status !== 202) throw new Error(`subscribe answered ${res.status}`);
  const token = await confirmTokenFor(t, email);
  const confirmed = await t.request('/api/newsletter/confirm', { method: 'POST', json: { token } });
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}`);
}

export async function writeIssue(t: TestContext, cookie: string, subject: string, body: string, scope = 'site'): Promise<string> {
  const res = await t.request(`/api/newsletter/setup/${scope}/issues`, { method: 'POST', json: { subject, body }, cookie });
  if (res.status !== createIssue.status) throw new Error(`create issue answered ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}

/** Saves a newsletter's settings with a postal address for the footer (issues are refused without one). */
export async function setPostalAddress(t: TestContext, cookie: string, postalAddress = '1 Harbour Lane\nPortsmouth PO1 1AA', scope = 'site'): Promise<void> {
  const settings = { senderName: '', replyTo: '', welcomeSubject: '', welcomeBody: '', postalAddress };
  const res = await t.request(`/api/newsletter/setup/${scope}`, { method: 'PUT', json: settings, cookie });
  if (res.status !== 200) throw new Error(`saving the settings answered ${res.status}`);
}
