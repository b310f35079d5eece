/**
 * Sending: through nodemailer's real SMTP transport to a real SMTP server (smtp-server) — RFC 8058
 * headers, the multipart body, the footer — then the one-click POST end to end; and a send that
 * crashes half way, resumed by the queue without anyone getting the issue twice.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { getNewsletterSetup } from '../../sync/api/newsletter';
import { buildAdmin } from '../admin/test-helpers';
import { JOB_VISIBILITY_TIMEOUT } from '../limits';
import { answerOf, buildTestContext, type TestContext } from '../test/test-context';
import { SEND_JOB, sendIssueBatch } from './send';
import { setPostalAddress, subscribeAndConfirm, writeIssue } from './test-helpers';

let t: TestContext | undefined;
let smtp: SMTPServer | undefined;
afterEach(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  t = undefined;
  smtp = undefined;
});

interface Received {
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps every message it is given. */
async function startSmtp(): Promise<{ port: number; received: Received[] }> {
  const received: Received[] = [];
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', () => resolve()));
  return { port: (smtp.server.address() as AddressInfo).port, received };
}

/** The header block, unfolded, as name (lower case) → value. */
function headersOf(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new Map(head.split(/\r?\n/).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
}

/** Undo quoted-printable soft breaks and escapes, enough to read a body part. */
function decodeQp(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function drainAll(test: TestContext) {
  // Mail jobs queued by the send jobs run in the same drain; a follow-up batch waits for its pause.
  for (let i = 0; i < 20 && (await test.worker.drain()) > 0; i++) test.advance(60_000);
}

describe('a newsletter through the real SMTP path', () => {
  it('carries List-Unsubscribe and List-Unsubscribe-Post, a text and an HTML part with the footer, and the one-click POST unsubscribes', async () => {
    const { port, received } = await startSmtp();
    t = await buildTestContext({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
    const admin = await buildAdmin(t.ctx);
    const settings = {
      senderName: 'Quire Weekly',
      replyTo: 'editors@quire.test',
      welcomeSubject: '',
      welcomeBody: '',
      postalAddress: '1 Harbour Lane\nPortsmouth PO1 1AA',
    };
    expect((await t.request('/api/newsletter/setup/site', { method: 'PUT', json: settings, cookie: admin.cookie })).status).toBe(200);
    await subscribeAndConfirm(t, 'reader@example.test');
    const issueId = await writeIssue(t, admin.cookie, 'Spring books', '# New this spring\n\nThree **new** novels. <script>alert(1)</script>');
    const scheduled = await t.request(`/api/newsletter/setup/site/issues/${issueId}/schedule`, {
      method: 'POST',
      json: { sendAt: null },
      cookie: admin.cookie,
    });
    expect(scheduled.status).toBe(200);
    await drainAll(t);

    const mail = received.find((m) => /^Subject: Spring books/m.test(m.raw));
    expect(mail, received.map((m) => headersOf(m.raw).get('subject')).join(', ')).toBeDefined();
    expect(mail!.to).toEqual(['reader@example.test']);
    const headers = headersOf(mail!.raw);
    const listUnsubscribe = headers.get('list-unsubscribe')!;
    expect(listUnsubscribe).toMatch(/^<http:\/\/quire\.test\/api\/newsletter\/unsubscribe\?token=[^>\s]+>$/);
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headers.get('from')).toBe('Quire Weekly <no-reply@quire.test>');
    expect(headers.get('reply-to')).toBe('editors@quire.test');
    expect(headers.get('content-type')).toMatch(/^multipart\/alternative; boundary=/);

    const body = decodeQp(mail!.raw);
    expect(body).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(body).toMatch(/Content-Type: text\/html; charset=utf-8/i);
    const [textPart, htmlPart] = body.split(/Content-Type: text\/html/i) as [string, string];
    expect(textPart).toContain('Three **new** novels.');
    expect(textPart).toMatch(/Unsubscribe: http:\/\/quire\.test\/newsletter\/unsubscribe\?token=/);
    expect(textPart).toContain('1 Harbour Lane');
    expect(htmlPart).toContain('<h1>New this spring</h1>');
    expect(htmlPart).toContain('<strong>new</strong>');
    expect(htmlPart).not.toContain('<script>alert(1)'); // raw HTML in the Markdown is escaped
    expect(htmlPart).toContain('1 Harbour Lane');
    expect(htmlPart).toMatch(/<a href="http:\/\/quire\.test\/newsletter\/unsubscribe\?token=[^"]+">Unsubscribe<\/a>/);

    // RFC 8058: what a mail provider does — a POST with this body, no cookie, from another site.
    const url = listUnsubscribe.slice(1, -1);
    const oneClick = () =>
      t!.app.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com', 'sec-fetch-site': 'cross-site' },
        body: 'List-Unsubscribe=One-Click',
      });
    const first = await oneClick();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ newsletterName: 'Quire Weekly' });
    expect((await oneClick()).status).toBe(200); // idempotent
    const row = await t.ctx.db.selectFrom('newsletterSubscriptions').selectAll().where('email', '=', 'reader@example.test').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'unsubscribed', unsubscribedIssueId: issueId });
    // Other cross-site POSTs are still refused.
    const other = await t.app.request('http://quire.test/api/newsletter/subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://mail.example.com' },
      body: JSON.stringify({ newsletterId: 'site', email: 'x@example.test' }),
    });
    expect(other.status).toBe(403);

    const setup = await answerOf(await t.request('/api/newsletter/setup/site', { cookie: admin.cookie }), getNewsletterSetup);
    expect(setup.transport).toMatchObject({ kind: 'smtp', ok: true });
    expect(setup.issues[0]).toMatchObject({ status: 'sent', results: { recipients: 1, sent: 1, failed: 0, unsubscribes: 1 } });

    // The next issue does not go to them.
    const next = await writeIssue(t, admin.cookie, 'Summer books', 'More.');
    await t.request(`/api/newsletter/setup/site/issues/${next}/schedule`, { method: 'POST', json: { sendAt: null }, cookie: admin.cookie });
    await drainAll(t);
    expect(received.filter((m) => /^Subject: Summer books/m.test(m.raw))).toHaveLength(0);
  });
});

describe('sending in batches', () => {
  it('resumes a send that crashed mid-batch without sending anyone the issue twice', async () => {
    t = await buildTestContext({ newsletterBatchSize: 3, newsletterPerMinute: 60 });
    const admin = await buildAdmin(t.ctx);
    await setPostalAddress(t, admin.cookie);
    const emails = Array.from({ length: 8 }, (_, i) => `r${i}@example.test`);
    for (const e of emails) await subscribeAndConfirm(t, e);
    const issueId = await writeIssue(t, admin.cookie, 'Crash test', 'Hello.');
    await t.request(`/api/newsletter/setup/site/issues/${issueId}/schedule`, { method: 'POST', json: { sendAt: null }, cookie: admin.cookie });

    // A worker takes the job and dies after the second delivery of the first batch.
    const job = await t.ctx.queue.claim();
    expect(job?.kind).toBe('mail.send'); // the confirmation mails queued earlier come first
    await t.ctx.queue.complete(job!);
    let claimed = await t.ctx.queue.claim();
    while (claimed && claimed.kind !== SEND_JOB) {
      await t.ctx.queue.complete(claimed);
      claimed = await t.ctx.queue.claim();
    }
    expect(claimed?.kind).toBe(SEND_JOB);
    let delivered = 0;
    await expect(
      sendIssueBatch(t.ctx, issueId, {
        afterDelivery: () => {
          if (++delivered === 2) throw new Error('worker killed');
        },
      }),
    ).rejects.toThrow('worker killed');
    expect(await t.ctx.db.selectFrom('newsletterDeliveries').select('subscriptionId').execute()).toHaveLength(2);

    // The job comes back after its visibility timeout; batches follow each other at the rate.
    t.advance(JOB_VISIBILITY_TIMEOUT + 1);
    await drainAll(t);

    const deliveries = await t.ctx.db.selectFrom('newsletterDeliveries').select('subscriptionId').where('issueId', '=', issueId).execute();
    expect(deliveries).toHaveLength(8);
    const mails = await t.ctx.db.selectFrom('mailOutbox').select('toAddress').where('subject', '=', 'Crash test').execute();
    expect(mails.map((m) => m.toAddress).sort()).toEqual([...emails].sort());
    const issue = await t.ctx.db.selectFrom('newsletterIssues').select(['status', 'sentAt']).where('id', '=', issueId).executeTakeFirstOrThrow();
    expect(issue.status).toBe('sent');

    // A stray job for the same issue (a duplicate chain) sends nothing more.
    await t.ctx.queue.enqueue(SEND_JOB, { issueId });
    await drainAll(t);
    expect(await t.ctx.db.selectFrom('mailOutbox').select('id').where('subject', '=', 'Crash test').execute()).toHaveLength(8);
  });

  it('waits between batches to keep under the configured rate', async () => {
    t = await buildTestContext({ newsletterBatchSize: 2, newsletterPerMinute: 4 });
    const admin = await buildAdmin(t.ctx);
    await setPostalAddress(t, admin.cookie);
    for (const e of ['a@example.test', 'b@example.test', 'c@example.test']) await subscribeAndConfirm(t, e);
    await t.worker.drain();
    const issueId = await writeIssue(t, admin.cookie, 'Slow', 'Hello.');
    await t.request(`/api/newsletter/setup/site/issues/${issueId}/schedule`, { method: 'POST', json: { sendAt: null }, cookie: admin.cookie });
    expect(await sendIssueBatch(t.ctx, issueId)).toBe('more');
    const next = await t.ctx.db.selectFrom('jobs').select('runAt').where('kind', '=', SEND_JOB).orderBy('id', 'desc').executeTakeFirstOrThrow();
    // Two mails at four a minute: the next batch half a minute later.
    expect(next.runAt - t.ctx.now()).toBeGreaterThan(29_000);
    expect(next.runAt - t.ctx.now()).toBeLessThanOrEqual(30_000);
  });
});
