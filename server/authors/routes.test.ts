/** /api/authors through the HTTP API, against a fresh SQLite file per test. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as api from '../../sync/api/authors';
import { followId } from '../../sync/collections/follows';
import { buildSignedInUser, buildUser } from '../admin/test-helpers';
import { DAY } from '../limits';
import { storeHeadFor } from '../site/store-meta';
import { saveStoreBook } from '../store/test-books';
import { push } from '../sync/test-helpers';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(async () => t.close());

async function directory(query = '') {
  const res = await t.request(`/api/authors${query ? `?${query}` : ''}`);
  expect(res.status).toBe(200);
  return answerOf(res, api.listAuthors);
}

const names = (r: { authors: { name: string }[] }) => r.authors.map((a) => a.name);

/** An author account with `books` published books credited to it under its own name. */
async function author(displayName: string, books = 1, extra: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(t.ctx, { roles: ['author'], displayName, ...extra });
  for (let i = 0; i < books; i++) await saveStoreBook(t, { title: `${displayName} ${i + 1}`, authors: [displayName], authorUserId: user.id });
  return user;
}

function followRow(ownerId: string, authorId: string, deleted = false, assumed: object | null = null) {
  const doc = { id: followId(ownerId, authorId), ownerId, authorId, authorName: 'A', followedAt: 1, updatedAt: deleted ? 2 : 1 };
  return { assumedMasterState: assumed, newDocumentState: { ...doc, _deleted: deleted } };
}

describe('GET /api/authors', () => {
  it('lists active accounts credited as authors of store books, by name, with their number of books', async () => {
    await author('maren Holt', 2);
    await author('Conrad Vale', 1);
    await author('Zoë Zed', 1);
    const suspended = await author('Sid Suspended', 1, { status: 'suspended' });
    const drafting = await buildUser(t.ctx, { roles: ['author'], displayName: 'Dora Draft' });
    await saveStoreBook(t, { title: 'Draft', authors: ['Dora Draft'], authorUserId: drafting.id, status: 'draft' });
    await saveStoreBook(t, { title: 'Unlisted', authors: ['Dora Draft'], authorUserId: drafting.id, status: 'unlisted' });
    await saveStoreBook(t, { title: 'No account', authors: ['Nobody Linked'] });
    const found = await directory();
    expect(found.authors.map((a) => [a.name, a.bookCount])).toEqual([
      ['Conrad Vale', 1],
      ['maren Holt', 2],
      ['Zoë Zed', 1],
    ]);
    expect(found).toMatchObject({ total: 3, page: 1, pageSize: api.AUTHORS_PAGE_SIZE });
    expect(names(found)).not.toContain(suspended.displayName);
  });

  it('pages through the directory', async () => {
    for (let i = 0; i < api.AUTHORS_PAGE_SIZE + 2; i++) await author(`Author ${String(i).padStart(2, '0')}`);
    const first = await directory();
    const second = await directory('page=2');
    expect(first.total).toBe(api.AUTHORS_PAGE_SIZE + 2);
    expect(first.authors).toHaveLength(api.AUTHORS_PAGE_SIZE);
    expect(names(second)).toEqual(['Author 24', 'Author 25']);
    expect((await directory('page=3')).authors).toEqual([]);
  });

  it('searches names by word prefix with diacritics folded, without listing co-authors for the other name', async () => {
    const elodie = await author('Élodie Garnier');
    await author('Maren Holt');
    const partner = await buildUser(t.ctx, { roles: ['author'], displayName: 'Paul Partner' });
    await saveStoreBook(t, { title: 'Together', authors: ['Élodie Garnier', 'Paul Partner'], authorUserId: elodie.id });
    // The second credit of a co-written book links its own account too.
    await t.ctx.db.updateTable('bookContributors').set({ userId: partner.id }).where('name', '=', 'Paul Partner').execute();
    // Alphabetical as people read it: the É among the Es.
    expect(names(await directory())).toEqual(['Élodie Garnier', 'Maren Holt', 'Paul Partner']);
    expect(names(await directory('q=elo'))).toEqual(['Élodie Garnier']);
    expect(names(await directory('q=GARN%20elo'))).toEqual(['Élodie Garnier']);
    expect(names(await directory('q=paul'))).toEqual(['Paul Partner']);
    expect(names(await directory('q=ma%20ho'))).toEqual(['Maren Holt']);
    const none = await directory('q=zebra');
    expect(none).toMatchObject({ authors: [], total: 0 });
    // Only operators and punctuation: the whole directory.
    expect((await directory('q=%22*%20(')).total).toBe(3);
  });

  it('refuses a bad page or an overlong query with 422', async () => {
    expect((await t.request('/api/authors?page=0')).status).toBe(422);
    expect((await t.request('/api/authors?page=x')).status).toBe(422);
    const long = await t.request(`/api/authors?q=${'a'.repeat(201)}`);
    expect(long.status).toBe(422);
    expect((await errorOf(long)).code).toBe('validation_failed');
  });
});

describe('GET /api/authors/:id', () => {
  it('shows the bio, photo and store books, newest first', async () => {
    const ada = await buildUser(t.ctx, { roles: ['author'], displayName: 'Ada Author', bio: 'Writes at night.', avatarUrl: 'https://example.test/ada.png' });
    const now = t.ctx.now();
    await saveStoreBook(t, { title: 'Older', authors: ['Ada Author'], authorUserId: ada.id, publishedAt: now - 10 * DAY });
    await saveStoreBook(t, { title: 'Newer', authors: ['Ada Author'], authorUserId: ada.id, publishedAt: now - DAY });
    await saveStoreBook(t, { title: 'Hidden', authors: ['Ada Author'], authorUserId: ada.id, status: 'draft' });
    const res = await t.request(`/api/authors/${ada.id}`);
    expect(res.status).toBe(200);
    const page = await answerOf(res, api.getAuthor);
    expect(page).toMatchObject({ id: ada.id, name: 'Ada Author', bio: 'Writes at night.', avatarUrl: 'https://example.test/ada.png', bookCount: 2 });
    expect(page.books.map((b) => b.title)).toEqual(['Newer', 'Older']);
  });

  it('keeps the bio and photo of a private profile off the page, the directory and the page head', async () => {
    const shy = await author('Shy Writer', 1, { bio: 'Secret bio', avatarUrl: 'https://example.test/shy.png', profileVisibility: 'private' });
    const page = await answerOf(await t.request(`/api/authors/${shy.id}`), api.getAuthor);
    expect(page).toMatchObject({ name: 'Shy Writer', bio: '', avatarUrl: null, bookCount: 1 });
    expect((await directory()).authors[0]).toMatchObject({ avatarUrl: null });
    const head = (await storeHeadFor(t.ctx, 'https://quire.example', `/author/${shy.id}`))!;
    expect(head).toContain('<title>Shy Writer · Quire</title>');
    expect(head).not.toContain('Secret bio');
    expect(head).not.toContain('shy.png');
  });

  it('answers 404 for unknown ids, accounts without store books and suspended authors', async () => {
    const reader = await buildUser(t.ctx);
    const suspended = await author('Sid Suspended', 1, { status: 'suspended' });
    for (const id of ['nope', reader.id, suspended.id, 'x'.repeat(65)]) {
      const res = await t.request(`/api/authors/${id}`);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe('not_found');
    }
  });
});

describe('GET /api/authors/following/new-books', () => {
  it('needs a signed-in account', async () => {
    expect((await t.request('/api/authors/following/new-books')).status).toBe(401);
  });

  it("lists the followed authors' recent books, newest first, leaving out old, owned and unfollowed ones", async () => {
    const { user: me, cookie } = await buildSignedInUser(t.ctx);
    const followed = await buildUser(t.ctx, { roles: ['author'], displayName: 'Followed' });
    const other = await buildUser(t.ctx, { roles: ['author'], displayName: 'Other' });
    const now = t.ctx.now();
    await saveStoreBook(t, { title: 'Recent', authors: ['Followed'], authorUserId: followed.id, publishedAt: now - 2 * DAY });
    await saveStoreBook(t, { title: 'Newest', authors: ['Followed'], authorUserId: followed.id, publishedAt: now - DAY });
    await saveStoreBook(t, { title: 'Old', authors: ['Followed'], authorUserId: followed.id, publishedAt: now - (api.FOLLOWED_NEW_BOOKS_DAYS + 1) * DAY });
    const owned = await saveStoreBook(t, { title: 'Owned', authors: ['Followed'], authorUserId: followed.id, publishedAt: now });
    await saveStoreBook(t, { title: 'Not followed', authors: ['Other'], authorUserId: other.id, publishedAt: now });
    await t.ctx.db.insertInto('libraryEntries').values({ userId: me.id, bookId: owned, source: 'purchase', acquiredAt: now }).execute();

    const shelf = async () =>
      (await answerOf(await t.request('/api/authors/following/new-books', { cookie }), api.getFollowedNewBooks)).books.map((b) => b.title);
    expect(await shelf()).toEqual([]);
    expect((await push(t, cookie, [followRow(me.id, followed.id)], 'follows')).rejected).toEqual([]);
    expect(await shelf()).toEqual(['Newest', 'Recent']);

    const stored = followRow(me.id, followed.id).newDocumentState;
    expect((await push(t, cookie, [followRow(me.id, followed.id, true, stored)], 'follows')).rejected).toEqual([]);
    expect(await shelf()).toEqual([]);
  });
});

describe('book pages', () => {
  it('link each credited author with a page, and no one whose account is not active', async () => {
    const ada = await buildUser(t.ctx, { roles: ['author'], displayName: 'Ada Author' });
    const bookId = await saveStoreBook(t, { title: 'Linked', authors: ['Ada Author'], authorUserId: ada.id });
    const authorIds = async () =>
      ((await (await t.request(`/api/store/books/${bookId}`)).json()) as { contributors: { authorId: string | null }[] }).contributors.map((c) => c.authorId);
    expect(await authorIds()).toEqual([ada.id]);
    expect((await t.request(`/api/authors/${ada.id}`)).status).toBe(200);
    await t.ctx.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', ada.id).execute();
    expect(await authorIds()).toEqual([null]);
  });
});
