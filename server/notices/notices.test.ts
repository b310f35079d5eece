/**
 * Notices to segments against a real SQLite file: each segment's count (active accounts only),
 * every person's notification choices honoured on each channel, sending in batches through the
 * job queue without a second copy after a crash, delivery counts in the history, an audit entry,
 * and staff only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '../../sync/api/admin-notices';
import { followId } from '../../sync/collections/follows';
import type { NotificationDoc } from '../../sync/collections/notifications';
import { buildAdmin, buildSignedInUser, buildUser } from '../admin/test-helpers';
import { newId } from '../http/ids';
import { pull, push } from '../sync/test-helpers';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { sendNoticeBatch } from './send';

let t: TestContext;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
type Person = Awaited<ReturnType<typeof buildSignedInUser>>;
const people: Record<string, Person> = {};
let bookId: string;

async function choose(p: Person, choice: { in_app: boolean; email: boolean }) {
  const res = await t.request('/api/account/notification-prefs', { method: 'PUT', cookie: p.cookie, json: { prefs: { site_notices: choice } } });
  expect(res.status).toBe(200);
}

async function follow(p: Person, authorId: string) {
  const doc = { id: followId(p.user.id, authorId), ownerId: p.user.id, authorId, authorName: 'A', followedAt: 1, updatedAt: 1, _deleted: false };
  expect((await push(t, p.cookie, [{ assumedMasterState: null, newDocumentState: doc }], 'follows')).rejected).toEqual([]);
}

async function insertBook(): Promise<string> {
  const id = newId();
  const now = t.ctx.now();
  await t.ctx.db
    .insertInto('books')
    .values({
      id,
      slug: `book-${id}`,
      title: 'The Tide Clock',
      subtitle: '',
      description: '',
      language: 'en',
      isbn: null,
      priceCents: 500,
      currency: 'USD',
      pageCount: null,
      publisherName: '',
      imprintId: null,
      genres: '[]',
      status: 'published',
      featured: 0,
      coverPath: null,
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
      issued: null,
    })
    .execute();
  return id;
}

beforeAll(async () => {
  t = await buildTestContext();
  admin = await buildAdmin(t.ctx, { displayName: 'Ada Admin' });
  people.r1 = await buildSignedInUser(t.ctx); // defaults: in-app and e-mail
  people.r2 = await buildSignedInUser(t.ctx); // e-mail only
  people.r3 = await buildSignedInUser(t.ctx); // nothing
  people.au1 = await buildSignedInUser(t.ctx, { roles: ['author'], displayName: 'Astrid Author' });
  people.au2 = await buildSignedInUser(t.ctx, { roles: ['author'] }); // in-app only
  people.pub = await buildSignedInUser(t.ctx, { roles: ['publisher'] });
  await buildUser(t.ctx, { status: 'suspended' }); // a reader nobody may reach
  await buildUser(t.ctx, { roles: ['author'], status: 'suspended' });
  await choose(people.r2!, { in_app: false, email: true });
  await choose(people.r3!, { in_app: false, email: false });
  await choose(people.au2!, { in_app: true, email: false });
  await follow(people.r1!, people.au1!.user.id);
  await follow(people.r3!, people.au1!.user.id);
  await follow(people.pub!, people.au2!.user.id);
  bookId = await insertBook();
  await t.ctx.db
    .insertInto('libraryEntries')
    .values([
      { userId: people.r2!.user.id, bookId, source: 'purchase', acquiredAt: 1 },
      { userId: people.au2!.user.id, bookId, source: 'purchase', acquiredAt: 1 },
      { userId: people.r1!.user.id, bookId, source: 'seed', acquiredAt: 1 }, // given, not bought
    ])
    .execute();
});
afterAll(async () => t.close());

const preview = (json: api.NoticeAudienceInput, cookie = admin.cookie) => t.request('/api/admin/notices/preview', { method: 'POST', cookie, json });
async function counts(json: api.NoticeAudienceInput) {
  const res = await preview(json);
  expect(res.status, await res.clone().text()).toBe(200);
  return answerOf(res, api.previewNotice);
}
const both = { inApp: true, email: true };

describe('segment counts', () => {
  it('counts each segment of active accounts, with who each channel reaches and who their choices leave out', async () => {
    // everyone: admin, r1, r2, r3, au1, au2, pub (the suspended two never count).
    expect(await counts({ segment: 'everyone', ...both })).toEqual({ total: 7, inApp: 5, email: 5, excluded: 1, segmentLabel: 'Everyone' });
    // readers (no other role): r1, r2, r3.
    expect(await counts({ segment: 'readers', ...both })).toMatchObject({ total: 3, inApp: 1, email: 2, excluded: 1 });
    expect(await counts({ segment: 'authors', ...both })).toMatchObject({ total: 2, inApp: 2, email: 1, excluded: 0 });
    expect(await counts({ segment: 'publishers', ...both })).toMatchObject({ total: 1, inApp: 1, email: 1, excluded: 0 });
    expect(await counts({ segment: 'followers', refId: people.au1!.user.id, ...both })).toEqual({
      total: 2,
      inApp: 1,
      email: 1,
      excluded: 1,
      segmentLabel: 'Followers of Astrid Author',
    });
    expect(await counts({ segment: 'buyers', refId: bookId, ...both })).toEqual({
      total: 2,
      inApp: 1,
      email: 1,
      excluded: 0,
      segmentLabel: 'Buyers of The Tide Clock',
    });
  });

  it('counts only the chosen channels: who turned that one off is left out', async () => {
    expect(await counts({ segment: 'readers', inApp: true, email: false })).toMatchObject({ total: 3, inApp: 1, email: 0, excluded: 2 });
    expect(await counts({ segment: 'authors', inApp: false, email: true })).toMatchObject({ total: 2, inApp: 0, email: 1, excluded: 1 });
  });

  it('refuses a segment without its author or book, an unknown one, or no channel', async () => {
    const noAuthor = await preview({ segment: 'followers', ...both });
    expect(noAuthor.status).toBe(422);
    expect((await errorOf(noAuthor)).fields).toHaveProperty('refId');
    expect((await preview({ segment: 'followers', refId: people.r1!.user.id, ...both })).status).toBe(422); // not an author
    expect((await preview({ segment: 'buyers', refId: 'no-such-book', ...both })).status).toBe(422);
    const noChannel = await preview({ segment: 'everyone', inApp: false, email: false });
    expect((await errorOf(noChannel)).fields).toHaveProperty('inApp');
  });

  it('is for staff only', async () => {
    expect((await preview({ segment: 'everyone', ...both }, people.au1!.cookie)).status).toBe(403);
    expect((await t.request('/api/admin/notices', { cookie: people.r1!.cookie })).status).toBe(403);
  });
});

describe('sending', () => {
  const notice = (json: Partial<api.NoticeInput>) =>
    t.request('/api/admin/notices', { method: 'POST', cookie: admin.cookie, json: { segment: 'readers', ...both, title: 'Scheduled maintenance', ...json } });

  it('refuses a link off the site', async () => {
    const res = await notice({ link: 'javascript:alert(1)' });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toHaveProperty('link');
  });

  it('reaches each reader on the channels they allow, in batches, once even after a crash', async () => {
    const res = await notice({ body: 'Quire is down\u202E for an hour.', link: '/blog/maintenance' });
    expect(res.status).toBe(202);
    const sent = await answerOf(res, api.sendNotice);
    expect(sent).toMatchObject({ status: 'sending', recipients: 2, excluded: 1, body: 'Quire is down for an hour.', segmentLabel: 'Readers (no other role)' });

    // A batch of one that "crashes" after its first delivery, then the job carries on.
    await expect(
      sendNoticeBatch(t.ctx, sent.id, {
        batchSize: 1,
        afterDelivery: () => {
          throw new Error('crash');
        },
      }),
    ).rejects.toThrow('crash');
    expect(await sendNoticeBatch(t.ctx, sent.id, { batchSize: 1 })).toBe('more');
    expect(await sendNoticeBatch(t.ctx, sent.id, { batchSize: 1 })).toBe('more');
    expect(await sendNoticeBatch(t.ctx, sent.id, { batchSize: 1 })).toBe('done');
    expect(await sendNoticeBatch(t.ctx, sent.id)).toBe('nothing');

    const deliveries = await t.ctx.db.selectFrom('noticeDeliveries').select(['userId', 'inApp', 'outboxId']).where('noticeId', '=', sent.id).execute();
    const byUser = new Map(deliveries.map((d) => [d.userId, d]));
    expect(deliveries).toHaveLength(3);
    expect(byUser.get(people.r1!.user.id)).toMatchObject({ inApp: 1, outboxId: expect.any(String) });
    expect(byUser.get(people.r2!.user.id)).toMatchObject({ inApp: 0, outboxId: expect.any(String) });
    expect(byUser.get(people.r3!.user.id)).toMatchObject({ inApp: 0, outboxId: null });

    const mine = async (p: Person) =>
      ((await pull(t, p.cookie, null, 100, 'notifications')).documents as NotificationDoc[]).filter((d) => d.kind === 'site_notices');
    expect(await mine(people.r1!)).toMatchObject([{ title: 'Scheduled maintenance', body: 'Quire is down for an hour.', link: '/blog/maintenance' }]);
    expect(await mine(people.r2!)).toEqual([]);
    expect(await mine(people.au1!)).toEqual([]);
    const mails = await t.ctx.db
      .selectFrom('mailOutbox')
      .select(['toAddress', 'textBody', 'htmlBody'])
      .where('subject', '=', 'Scheduled maintenance')
      .execute();
    expect(mails.map((m) => m.toAddress).sort()).toEqual([people.r1!.user.email, people.r2!.user.email].sort());
    expect(mails[0]!.textBody).toContain('http://quire.test/blog/maintenance');
    // Multipart: the HTML alternative says the same, with the link as a button (mail.test.ts).
    expect(mails[0]!.htmlBody).toContain('<a href="http://quire.test/blog/maintenance"');
    expect(mails[0]!.htmlBody).toContain('<p>Quire is down for an hour.</p>');

    await t.worker.drain();
    const history = await answerOf(await t.request('/api/admin/notices', { cookie: admin.cookie }), api.listNotices);
    const row = history.items.find((n) => n.id === sent.id)!;
    expect(row).toMatchObject({ status: 'sent', createdBy: 'Ada Admin', delivered: { inApp: 1, emailsSent: 2, emailsFailed: 0, emailsQueued: 0 } });
    const audit = await t.ctx.db.selectFrom('auditLog').select(['action', 'actorId', 'targetId']).where('action', '=', 'notice.send').execute();
    expect(audit).toContainEqual({ action: 'notice.send', actorId: admin.user.id, targetId: sent.id });
  });

  it('sends through the job queue on its own', async () => {
    const sent = await answerOf(await notice({ segment: 'authors', title: 'Royalties are paid' }), api.sendNotice);
    await t.worker.drain();
    const history = await answerOf(await t.request('/api/admin/notices', { cookie: admin.cookie }), api.listNotices);
    expect(history.items.find((n) => n.id === sent.id)).toMatchObject({ status: 'sent', recipients: 2, delivered: { inApp: 2, emailsSent: 1 } });
  });
});
