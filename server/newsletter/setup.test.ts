/** Who may run which newsletter, the welcome mail, test sends, scheduling and the archive. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { archivedIssue, authorNewsletterId, getNewsletterSetup, newsletterArchive } from '../../sync/api/newsletter';
import { buildAdmin, buildSignedInUser } from '../admin/test-helpers';
import { answerOf, buildTestContext, type TestContext } from '../test/test-context';
import { sendIssueBatch } from './send';
import { NEEDS_POSTAL_ADDRESS } from './setup';
import { setPostalAddress, subscribeAndConfirm, writeIssue } from './test-helpers';

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

  it('refuses to schedule or test-send an issue whose footer would have no postal address', async () => {
    const admin = await buildAdmin(t.ctx);
    const author = await buildSignedInUser(t.ctx, { roles: ['author'], displayName: 'Nell Finch', email: 'nell@example.test' });
    await subscribeAndConfirm(t, 'fan@example.test', authorNewsletterId(author.user.id));
    const issueId = await writeIssue(t, author.cookie, 'Chapter news', 'The sequel is done.', 'mine');
    const at = `/api/newsletter/setup/mine/issues/${issueId}`;

    // Neither the author nor the site gave an address: a 422 on the postal address field.
    for (const res of [
      await t.request(`${at}/schedule`, { method: 'POST', json: { sendAt: null }, cookie: author.cookie }),
      await t.request(`${at}/test`, { method: 'POST', cookie: author.cookie }),
    ]) {
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ error: { code: 'validation_failed', fields: { postalAddress: NEEDS_POSTAL_ADDRESS } } });
    }
    const site = await t.request('/api/newsletter/setup/site/issues', { method: 'POST', json: { subject: 'Site news', body: 'Hello.' }, cookie: admin.cookie });
    const siteIssue = ((await site.json()) as { id: string }).id;
    const refused = await t.request(`/api/newsletter/setup/site/issues/${siteIssue}/schedule`, {
      method: 'POST',
      json: { sendAt: null },
      cookie: admin.cookie,
    });
    expect(refused.status).toBe(422);
    await t.worker.drain();
    expect(await t.ctx.db.selectFrom('newsletterDeliveries').select('issueId').execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('mailOutbox').select('id').where('subject', 'like', '%Chapter news').execute()).toEqual([]);
    const draft = await answerOf(await t.request('/api/newsletter/setup/mine', { cookie: author.cookie }), getNewsletterSetup);
    expect(draft).toMatchObject({ footerAddress: '', issues: [{ id: issueId, status: 'draft' }] });

    // The author's own address goes in the footer of what they send.
    await setPostalAddress(t, author.cookie, 'Nell Finch\n4 Quay Street\nFalmouth TR11 3HH', 'mine');
    const later = t.ctx.now() + 60_000;
    expect((await t.request(`${at}/schedule`, { method: 'POST', json: { sendAt: later }, cookie: author.cookie })).status).toBe(200);
    // While it waits, the address cannot be taken away.
    const cleared = await t.request('/api/newsletter/setup/mine', { method: 'PUT', json: settings, cookie: author.cookie });
    expect(cleared.status).toBe(422);
    expect(((await cleared.json()) as { error: { fields: Record<string, string> } }).error.fields.postalAddress).toMatch(/cancel them/);
    t.advance(60_001);
    await t.worker.drain();
    const sent = await t.ctx.db.selectFrom('mailOutbox').select(['textBody', 'htmlBody']).where('subject', '=', 'Chapter news').executeTakeFirstOrThrow();
    expect(sent.textBody).toContain('4 Quay Street\nFalmouth TR11 3HH');
    expect(sent.htmlBody).toContain('4 Quay Street\nFalmouth TR11 3HH');
  });

  it('puts an issue scheduled without a postal address back to draft instead of sending it', async () => {
    const admin = await buildAdmin(t.ctx);
    await subscribeAndConfirm(t, 'fan@example.test');
    const issueId = await writeIssue(t, admin.cookie, 'Old schedule', 'Hello.');
    // As an issue scheduled before an address was required would be.
    await t.ctx.db.updateTable('newsletterIssues').set({ status: 'scheduled', sendAt: t.ctx.now() }).where('id', '=', issueId).execute();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await sendIssueBatch(t.ctx, issueId)).toBe('nothing');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/no postal address/));
    warn.mockRestore();
    const issue = await t.ctx.db.selectFrom('newsletterIssues').select(['status', 'sendAt']).where('id', '=', issueId).executeTakeFirstOrThrow();
    expect(issue).toEqual({ status: 'draft', sendAt: null });
    expect(await t.ctx.db.selectFrom('newsletterDeliveries').select('issueId').execute()).toEqual([]);
  });

  it("sends an issue written in the editor: sanitised HTML stored, a readable text part, and the archive's HTML", async () => {
    const admin = await buildAdmin(t.ctx);
    await setPostalAddress(t, admin.cookie);
    await subscribeAndConfirm(t, 'fan@example.test');
    const empty = await t.request('/api/newsletter/setup/site/issues', {
      method: 'POST',
      json: { subject: 'Empty', body: '<p class="ed-paragraph"><br></p>' },
      cookie: admin.cookie,
    });
    expect(empty.status).toBe(422);
    expect(await empty.json()).toMatchObject({ error: { fields: { body: 'Write something to send.' } } });

    const html =
      '<h2 class="ed-h2"><span>Gull Point</span></h2><p class="ed-paragraph"><span>The </span><strong class="ed-bold">lamp</strong><span> is lit.</span></p>' +
      '<ul><li><span>Read <a href="https://example.com/map">the map</a></span></li></ul><script>alert(1)</script>';
    const issueId = await writeIssue(t, admin.cookie, 'From the lighthouse', html);
    const setup = await answerOf(await t.request('/api/newsletter/setup/site', { cookie: admin.cookie }), getNewsletterSetup);
    expect(setup.issues[0]!.body).toContain('<strong class="ed-bold">lamp</strong>');
    expect(setup.issues[0]!.body).not.toContain('<script');
    await t.request(`/api/newsletter/setup/site/issues/${issueId}/schedule`, { method: 'POST', json: { sendAt: null }, cookie: admin.cookie });
    await t.worker.drain();
    const mail = await t.ctx.db
      .selectFrom('mailOutbox')
      .select(['textBody', 'htmlBody'])
      .where('subject', '=', 'From the lighthouse')
      .executeTakeFirstOrThrow();
    expect(mail.textBody).toMatch(/^Gull Point\n=+\n\nThe lamp is lit\.\n\n- Read the map \(https:\/\/example\.com\/map\)\n\n--\n/);
    expect(mail.textBody).toContain('1 Harbour Lane');
    expect(mail.htmlBody).toContain('<strong class="ed-bold">lamp</strong>');
    expect(mail.htmlBody).not.toContain('<script');
    const archived = await answerOf(await t.request(`/api/newsletter/archive/${issueId}`), archivedIssue);
    expect(archived.html).toContain('<h2 class="ed-h2">');
    expect(archived.html).not.toContain('alert(1)');
  });

  it('opens an issue written in Markdown before the editor as HTML, for the editor', async () => {
    const admin = await buildAdmin(t.ctx);
    const issueId = await writeIssue(t, admin.cookie, 'Old style', '# Hello\n\nSome **bold** news.');
    const stored = await t.ctx.db.selectFrom('newsletterIssues').select('body').where('id', '=', issueId).executeTakeFirstOrThrow();
    expect(stored.body).toBe('# Hello\n\nSome **bold** news.');
    const setup = await answerOf(await t.request('/api/newsletter/setup/site', { cookie: admin.cookie }), getNewsletterSetup);
    expect(setup.issues[0]!.body).toBe('<h1>Hello</h1>\n<p>Some <strong>bold</strong> news.</p>\n');
  });
});
