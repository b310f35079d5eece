/** Followers are told, once, when an author they follow publishes a book: through the job queue and notifyUser. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followId } from '../../sync/collections/follows';
import { buildSignedInUser, buildUser } from '../admin/test-helpers';
import { loadBook } from '../books/load-book';
import { saveBook } from '../books/save-book';
import { saveStoreBook } from '../store/test-books';
import { pullPage } from '../sync/store';
import { push } from '../sync/test-helpers';
import { buildTestContext, type TestContext } from '../test/test-context';
import { followersOf, followersQuery } from './follows';
import { NEW_BOOK_JOB } from './new-book-notices';
import { queryPlan } from '../test/query-plan';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(async () => t.close());

const inApp = async (userId: string) => (await pullPage(t.ctx.db, 'notifications', userId, null, 100)).documents;
const mailTo = (email: string) => t.ctx.db.selectFrom('mailOutbox').select('subject').where('toAddress', '=', email).execute();
const jobs = () => t.ctx.db.selectFrom('jobs').select('kind').where('kind', 'like', 'authors.%').execute();

async function follow(cookie: string, ownerId: string, authorId: string, deleted = false) {
  const doc = { id: followId(ownerId, authorId), ownerId, authorId, authorName: 'A', followedAt: 1, updatedAt: 1 };
  const row = deleted
    ? { assumedMasterState: { ...doc, _deleted: false }, newDocumentState: { ...doc, updatedAt: 2, _deleted: true } }
    : { assumedMasterState: null, newDocumentState: { ...doc, _deleted: false } };
  return push(t, cookie, [row], 'follows');
}

async function setup() {
  const ada = await buildUser(t.ctx, { roles: ['author'], displayName: 'Ada Author' });
  const fan = await buildSignedInUser(t.ctx);
  const stranger = await buildSignedInUser(t.ctx);
  expect((await follow(fan.cookie, fan.user.id, ada.id)).rejected).toEqual([]);
  return { ada, fan, stranger };
}

describe('new books of followed authors', () => {
  it('notifies each follower in the app, and by e-mail where their settings say so', async () => {
    const { ada, fan, stranger } = await setup();
    const mailFan = await buildSignedInUser(t.ctx);
    await follow(mailFan.cookie, mailFan.user.id, ada.id);
    await t.request('/api/account/notification-prefs', {
      method: 'PUT',
      json: { prefs: { followed_authors: { in_app: false, email: true } } },
      cookie: mailFan.cookie,
    });

    const bookId = await saveStoreBook(t, { title: 'The Night Ferry', authors: ['Ada Author'], authorUserId: ada.id });
    await t.worker.drain();

    expect(await inApp(fan.user.id)).toMatchObject([
      { kind: 'followed_authors', title: 'New from Ada Author: “The Night Ferry”', link: `/book/${bookId}`, readAt: null },
    ]);
    expect(await mailTo(fan.user.email)).toEqual([]); // e-mail is off by default for this event
    expect(await inApp(mailFan.user.id)).toEqual([]);
    expect(await mailTo(mailFan.user.email)).toEqual([{ subject: 'New from Ada Author: “The Night Ferry”' }]);
    expect(await inApp(stranger.user.id)).toEqual([]);
    expect(await inApp(ada.id)).toEqual([]);
  });

  it('announces a book once: saving it again, or unlisting and listing it again, tells nobody twice', async () => {
    const { ada, fan } = await setup();
    const bookId = await saveStoreBook(t, { title: 'Once', authors: ['Ada Author'], authorUserId: ada.id });
    await t.worker.drain();
    const slug = (await t.ctx.db.selectFrom('books').select('slug').where('id', '=', bookId).executeTakeFirstOrThrow()).slug;
    await t.ctx.db.updateTable('books').set({ status: 'unlisted' }).where('id', '=', bookId).execute();
    // Saved again as published under its own slug: listed again.
    const stored = (await loadBook(t.ctx, bookId))!;
    await saveBook(t.ctx, {
      book: { ...stored.book, metadata: { ...stored.book.metadata, slug } },
      assetHashes: {},
      status: 'published',
      contributorUserIds: [ada.id],
    });
    await t.worker.drain();
    expect(await inApp(fan.user.id)).toHaveLength(1);
  });

  it('queues nothing for a book whose authors have no followers, nor for drafts', async () => {
    const loner = await buildUser(t.ctx, { roles: ['author'] });
    await saveStoreBook(t, { title: 'Quiet', authorUserId: loner.id });
    const { ada } = await setup();
    await saveStoreBook(t, { title: 'Draft', authors: ['Ada Author'], authorUserId: ada.id, status: 'draft' });
    expect(await jobs()).toEqual([]);
  });

  it('skips a follower who unfollowed before the notice went out', async () => {
    const { ada, fan } = await setup();
    await saveStoreBook(t, { title: 'Too late', authors: ['Ada Author'], authorUserId: ada.id });
    expect(await jobs()).toEqual([{ kind: NEW_BOOK_JOB }]);
    await follow(fan.cookie, fan.user.id, ada.id, true);
    await t.worker.drain();
    expect(await inApp(fan.user.id)).toEqual([]);
  });

  it('finds followers through the index on live follows', async () => {
    const { ada, fan } = await setup();
    expect(await followersOf(t.ctx.db, [ada.id])).toEqual([fan.user.id]);
    const plan = await queryPlan(t.ctx.db, followersQuery(t.ctx.db, [ada.id]).compile());
    expect(plan.indexes, plan.text).toContain('sync_docs_follows_author');
  });
});
