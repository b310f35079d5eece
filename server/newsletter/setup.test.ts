/** Who may run which newsletter, the welcome mail, test sends, scheduling and the archive. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { archivedIssue, authorNewsletterId, getNewsletterSetup, newsletterArchive } from '../../sync/api/newsletter';
import { buildAdmin, buildSignedInUser } from '../admin/test-helpers';
import { answerOf, buildTestContext, type TestContext } from '../test/test-context';
import { subscribeAndConfirm, writeIssue } from './test-helpers';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(() => t.close());

const settings = { senderName: '', replyTo: '', welcomeSubject: 'Hello from Nell', welcomeBody: 'Thanks for joining.', postalAddress: '' };

describe('newsletter setup', () => {
  it("gives authors their own newsletter, the site's to admins only", async () => {
    const author = await buildSignedInUser(t.ctx, { roles: ['author'], displayName: 'Nell Finch' });
    const reader = await buildSignedInUser(t.ctx);
    expect((await t.request('/api/newsletter/setup/mine', { cookie: reader.cookie })).status).toBe(403);
    expect((await t.request('/api/newsletter/setup/site', { cookie: author.cookie })).status).toBe(403);
    expect((await t.request('/api/newsletter/setup/mine')).status).toBe(401);
    expect((await t.request('/api/newsletter/setup/other', { cookie: author.cookie })).status).toBe(404);
    const mine = await answerOf(await t.request('/api/newsletter/setup/mine', { cookie: author.cookie }), getNewsletterSetup);
    expect(mine).toMatchObject({ newsletterId: authorNewsletterId(author.user.id), transport: null, counts: { active: 0 } });
    const bad = await t.request('/api/newsletter/setup/mine', { method: 'PUT', json: { ...settings, replyTo: 'nope' }, cookie: author.cookie });
    expect(bad.status).toBe(422);
  });

  it('mails the welcome mail on confirmation, test-sends to the author, and archives what was sent', async () => {
    const admin = await buildAdmin(t.ctx);
    await t.request('/api/newsletter/setup/site', { method: 'PUT', json: { ...settings, postalAddress: '1 Harbour Lane' }, cookie: admin.cookie });
    const author = await buildSignedInUser(t.ctx, { roles: ['author'], displayName: 'Nell Finch', email: 'nell@example.test' });
    expect((await t.request('/api/newsletter/setup/mine', { method: 'PUT', json: settings, cookie: author.cookie })).status).toBe(200);
    await subscribeAndConfirm(t, 'fan@example.test', authorNewsletterId(author.user.id));
    const welcome = await t.ctx.db.selectFrom('mailOutbox').selectAll().where('subject', '=', 'Hello from Nell').executeTakeFirstOrThrow();
    expect(welcome.toAddress).toBe('fan@example.test');
    expect(JSON.parse(welcome.headers)).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(welcome.textBody).toContain('1 Harbour Lane'); // the site's address when the author gave none

    const issueId = await writeIssue(t, author.cookie, 'Chapter news', 'The sequel is **done**.', 'mine');
    const test = await t.request(`/api/newsletter/setup/mine/issues/${issueId}/test`, { method: 'POST', cookie: author.cookie });
    expect(test.status).toBe(202);
    expect(await t.ctx.db.selectFrom('mailOutbox').select('toAddress').where('subject', '=', '[Test] Chapter news').execute()).toEqual([
      { toAddress: 'nell@example.test' },
    ]);
    // Another author cannot reach this issue through their own newsletter.
    const other = await buildSignedInUser(t.ctx, { roles: ['author'] });
    expect((await t.request(`/api/newsletter/setup/mine/issues/${issueId}/test`, { method: 'POST', cookie: other.cookie })).status).toBe(404);

    const later = t.ctx.now() + 3_600_000;
    await t.request(`/api/newsletter/setup/mine/issues/${issueId}/schedule`, { method: 'POST', json: { sendAt: later }, cookie: author.cookie });
    await t.worker.drain();
    expect(await t.ctx.db.selectFrom('newsletterDeliveries').select('issueId').execute()).toHaveLength(0);
    t.advance(3_600_001);
    await t.worker.drain();
    const setup = await answerOf(await t.request('/api/newsletter/setup/mine', { cookie: author.cookie }), getNewsletterSetup);
    expect(setup.issues[0]).toMatchObject({ status: 'sent', results: { recipients: 1, sent: 1, failed: 0 } });
    const edit = await t.request(`/api/newsletter/setup/mine/issues/${issueId}`, { method: 'PUT', json: { subject: 'x', body: 'y' }, cookie: author.cookie });
    expect(edit.status).toBe(409);

    // The archive: the site's issues for everyone; an author's for their subscribers.
    const fan = await buildSignedInUser(t.ctx, { email: 'fan@example.test' });
    const archive = await answerOf(await t.request('/api/newsletter/archive', { cookie: fan.cookie }), newsletterArchive);
    expect(archive.issues).toMatchObject([{ id: issueId, subject: 'Chapter news', newsletterName: 'Nell Finch' }]);
    expect((await answerOf(await t.request('/api/newsletter/archive'), newsletterArchive)).issues).toEqual([]);
    const one = await answerOf(await t.request(`/api/newsletter/archive/${issueId}`), archivedIssue);
    expect(one.html).toContain('<strong>done</strong>');
  });
});
