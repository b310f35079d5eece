import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CanonicalBookSchema } from '../../sync/book-format';
import { isValidIsbn13 } from '../../sync/isbn';
import { verifyPassword } from '../auth/password';
import { loadRoles } from '../auth/sessions';
import { newUserRow } from '../auth/users';
import { loadBook } from '../books/load-book';
import { buildTestContext, type TestContext } from '../test/test-context';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { DEMO_BOOKS } from './demo-books';
import { DEMO_POSTS } from './demo-blog';
import { DEMO_AUTHOR_POSTAL_ADDRESS, DEMO_SITE_POSTAL_ADDRESS } from './demo-newsletters';
import { FORTHCOMING_BOOK_ID } from './forthcoming-book';
import { seedDemo } from './seed-demo';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

const TABLES = [
  'users',
  'userRoles',
  'imprints',
  'imprintMembers',
  'blobs',
  'books',
  'bookContributors',
  'bookChapters',
  'bookAssets',
  'libraryEntries',
  'blogPosts',
  'blogPostTags',
  'newsletters',
] as const;

async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) out[table] = await t.ctx.db.selectFrom(table).selectAll().execute();
  return out;
}

describe('seedDemo', () => {
  it('is idempotent: a second run changes nothing and logs nothing', async () => {
    await seedDemo(t.ctx);
    expect(console.log).toHaveBeenCalledTimes(1);
    const first = await snapshot();
    t.advance(60_000);
    await seedDemo(t.ctx);
    expect(console.log).toHaveBeenCalledTimes(1);
    expect(await snapshot()).toEqual(first);
    // The four demo accounts sign in; the catalogue's authors are accounts without a password.
    expect((first.users as { passwordHash: string | null }[]).filter((u) => u.passwordHash !== null)).toHaveLength(4);
    // The catalogue, and the imprint's forthcoming draft.
    expect(first.books).toHaveLength(DEMO_BOOKS.length + 1);
  });

  it('publishes the demo blog posts by the demo admin, and leaves an edited one alone', async () => {
    await seedDemo(t.ctx);
    const posts = await t.ctx.db.selectFrom('blogPosts').selectAll().orderBy('publishedAt', 'desc').execute();
    expect(posts.map((p) => p.id)).toEqual(DEMO_POSTS.map((p) => p.id).reverse());
    for (const post of posts) {
      expect(post.state).toBe('published');
      expect(post.authorId).toBe('demo-admin');
      expect(post.publishedAt).toBeLessThan(t.ctx.now());
      expect(post.bodyHtml).toContain('<p>');
    }
    await t.ctx.db.updateTable('blogPosts').set({ title: 'Edited by the admin' }).where('id', '=', DEMO_POSTS[0]!.id).execute();
    await seedDemo(t.ctx);
    const edited = await t.ctx.db.selectFrom('blogPosts').select('title').where('id', '=', DEMO_POSTS[0]!.id).executeTakeFirstOrThrow();
    expect(edited.title).toBe('Edited by the admin');
  });

  it("gives the site's and the demo author's newsletters a postal address for their footers, and leaves an edited one alone", async () => {
    await seedDemo(t.ctx);
    const rows = await t.ctx.db.selectFrom('newsletters').select(['id', 'authorId', 'postalAddress']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'author:demo-author', authorId: 'demo-author', postalAddress: DEMO_AUTHOR_POSTAL_ADDRESS },
      { id: 'site', authorId: null, postalAddress: DEMO_SITE_POSTAL_ADDRESS },
    ]);
    await t.ctx.db.updateTable('newsletters').set({ postalAddress: 'Changed by the admin' }).where('id', '=', 'site').execute();
    await seedDemo(t.ctx);
    const site = await t.ctx.db.selectFrom('newsletters').select('postalAddress').where('id', '=', 'site').executeTakeFirstOrThrow();
    expect(site.postalAddress).toBe('Changed by the admin');
  });

  it("leaves a book's store data to the admin once it exists: a restart keeps an unlisting, a price, a discount and the featured order", async () => {
    await seedDemo(t.ctx);
    const id = 'demo-the-night-ferry';
    const changed = { status: 'unlisted' as const, featured: 7, priceCents: 1234, discountPriceCents: 1000, discountStartsAt: 1, discountEndsAt: 2 };
    await t.ctx.db.updateTable('books').set(changed).where('id', '=', id).execute();
    const before = await snapshot();
    t.advance(60_000);
    await seedDemo(t.ctx);
    expect(await snapshot()).toEqual(before);
    expect(
      await t.ctx.db
        .selectFrom('books')
        .select(Object.keys(changed) as (keyof typeof changed)[])
        .where('id', '=', id)
        .executeTakeFirst(),
    ).toEqual(changed);
  });

  it('puts the featured demo books on the Featured shelf in their order, from 1', async () => {
    await seedDemo(t.ctx);
    const ranks = await t.ctx.db.selectFrom('books').select('featured').where('featured', '>', 0).orderBy('featured').execute();
    expect(ranks.map((r) => r.featured)).toEqual(DEMO_BOOKS.filter((d) => d.featured).map((_, i) => i + 1));
  });

  it('creates the four demo accounts, verified, with their roles and the demo password', async () => {
    await seedDemo(t.ctx);
    const expected = { reader: ['reader'], author: ['reader', 'author'], publisher: ['reader', 'publisher'], admin: ['reader', 'admin'] };
    for (const account of DEMO_ACCOUNTS) {
      const user = await t.ctx.db.selectFrom('users').selectAll().where('email', '=', account.email).executeTakeFirstOrThrow();
      expect(user.emailVerifiedAt).not.toBeNull();
      expect(user.displayName).toBe(account.displayName);
      expect((await loadRoles(t.ctx.db, user.id)).sort()).toEqual(expected[account.key].sort());
      expect(await verifyPassword(user.passwordHash, DEMO_PASSWORD)).toBe(true);
    }
  });

  it('publishes the demo books in the canonical format, with covers, the imprint, the author and the reader library', async () => {
    await seedDemo(t.ctx);
    const books = await t.ctx.db.selectFrom('books').selectAll().where('id', '!=', FORTHCOMING_BOOK_ID).execute();
    expect(books.every((b) => b.status === 'published' && b.publishedAt !== null)).toBe(true);
    expect(books.some((b) => b.priceCents === 0)).toBe(true);
    expect(books.every((b) => b.isbn && isValidIsbn13(b.isbn))).toBe(true);
    // A catalogue worth browsing (issue 12): 24 books over several genres, languages and authors, some on sale.
    expect(books.length).toBeGreaterThanOrEqual(24);
    expect(books.some((b) => b.discountPriceCents !== null && b.discountPriceCents < b.priceCents)).toBe(true);
    expect(new Set(books.map((b) => b.language)).size).toBeGreaterThanOrEqual(3);
    const genres = await t.ctx.db.selectFrom('bookGenres').select('code').distinct().execute();
    expect(genres.length).toBeGreaterThanOrEqual(10);
    const authors = await t.ctx.db.selectFrom('bookContributors').select('name').distinct().execute();
    expect(authors.length).toBeGreaterThanOrEqual(12);
    for (const b of books) {
      const stored = await loadBook(t.ctx, b.id);
      expect(CanonicalBookSchema.safeParse(stored!.book).success).toBe(true);
      expect(stored!.book.chapters.length).toBeGreaterThanOrEqual(2);
      expect(stored!.book.coverPath).toBeDefined();
      // Imported through the EPUB path: sanitised, wrapped, with contents.
      expect(stored!.book.chapters[0]!.xhtml).toMatch(new RegExp(`^<div class="quire-body" lang="${b.language}">`));
      expect(stored!.book.toc.map((e) => e.chapterId)).toEqual(stored!.book.chapters.map((c) => c.id));
    }
    const author = await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'author@quire.test').executeTakeFirstOrThrow();
    const authored = await t.ctx.db.selectFrom('bookContributors').select('bookId').where('userId', '=', author.id).execute();
    expect(authored.length).toBeGreaterThanOrEqual(1);
    const imprint = await t.ctx.db
      .selectFrom('imprints')
      .innerJoin('imprintMembers', 'imprintMembers.imprintId', 'imprints.id')
      .innerJoin('users', 'users.id', 'imprintMembers.userId')
      .select(['imprints.id', 'users.email'])
      .executeTakeFirstOrThrow();
    expect(imprint.email).toBe('publisher@quire.test');
    expect(books.filter((b) => b.imprintId === imprint.id).length).toBeGreaterThanOrEqual(1);
    const library = await t.ctx.db
      .selectFrom('libraryEntries')
      .innerJoin('users', 'users.id', 'libraryEntries.userId')
      .select(['users.email', 'libraryEntries.source'])
      .where('users.email', 'not like', '%@readers.quire.test') // the activity's readers (demo-activity.ts)
      .execute();
    expect(library).toHaveLength(2);
    expect(library.every((e) => e.email === 'reader@quire.test' && e.source === 'seed')).toBe(true);
  });

  it('credits every author of the demo books to an author account, so each has an author page', async () => {
    await seedDemo(t.ctx);
    const credits = await t.ctx.db
      .selectFrom('bookContributors')
      .leftJoin('users', 'users.id', 'bookContributors.userId')
      .select(['bookContributors.name', 'users.displayName', 'users.status', 'users.passwordHash'])
      .where('bookContributors.role', 'in', ['author', 'co-author'])
      .execute();
    expect(credits.filter((c) => c.displayName !== c.name || c.status !== 'active')).toEqual([]);
    const authors = await t.ctx.db.selectFrom('users').select('id').where('email', 'like', '%@authors.quire.test').execute();
    expect(authors.length).toBeGreaterThanOrEqual(15);
    expect(authors.every((a) => a.id.startsWith('demo-author-'))).toBe(true);
    for (const a of authors) expect(await loadRoles(t.ctx.db, a.id)).toContain('author');
  });

  it('leaves a taken username alone and credits no one in its place', async () => {
    await t.ctx.db
      .insertInto('users')
      .values({
        ...newUserRow(
          { id: 'someone', email: 'someone@example.test', username: 'maren-holt', displayName: 'Not Maren', passwordHash: null, emailVerifiedAt: null },
          1,
        ),
      })
      .execute();
    await seedDemo(t.ctx);
    const credit = await t.ctx.db.selectFrom('bookContributors').select('userId').where('name', '=', 'Maren Holt').execute();
    expect(credit.length).toBeGreaterThan(0);
    expect(credit.every((c) => c.userId === null)).toBe(true);
  });

  it('leaves an existing demo account alone', async () => {
    await seedDemo(t.ctx);
    await t.ctx.db.updateTable('users').set({ displayName: 'Renamed' }).where('email', '=', 'reader@quire.test').execute();
    await t.ctx.db.deleteFrom('libraryEntries').execute();
    await seedDemo(t.ctx);
    const reader = await t.ctx.db.selectFrom('users').select('displayName').where('email', '=', 'reader@quire.test').executeTakeFirstOrThrow();
    expect(reader.displayName).toBe('Renamed');
    expect(await t.ctx.db.selectFrom('libraryEntries').selectAll().execute()).toHaveLength(0);
  });

  it('gives the imprint a forthcoming draft without an ISBN, and leaves it to the publisher once written', async () => {
    await seedDemo(t.ctx);
    const draft = await t.ctx.db.selectFrom('books').select(['status', 'isbn', 'imprintId']).where('id', '=', FORTHCOMING_BOOK_ID).executeTakeFirstOrThrow();
    const imprint = await t.ctx.db.selectFrom('imprints').select('id').executeTakeFirstOrThrow();
    expect(draft).toEqual({ status: 'draft', isbn: null, imprintId: imprint.id });
    await t.ctx.db.updateTable('books').set({ isbn: '9780306406157' }).where('id', '=', FORTHCOMING_BOOK_ID).execute();
    await seedDemo(t.ctx);
    expect(await t.ctx.db.selectFrom('books').select('isbn').where('id', '=', FORTHCOMING_BOOK_ID).executeTakeFirst()).toEqual({ isbn: '9780306406157' });
  });
});
