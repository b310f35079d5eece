/**
 * GET /api/books/:id/search: the chapters of a book that hold the words, in reading order, over
 * the text as the reader renders it (markup and entities do not split words), at most
 * BOOK_SEARCH_MAX_CHAPTERS; for a reader of the whole book only, rate-limited per account.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOOK_SEARCH_MAX_CHAPTERS, searchBookChapters } from '../../sync/api/books';
import { buildSignedInUser } from '../admin/test-helpers';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { epub3, longEpub } from './epub/test-epubs';
import { importPublishedBook } from './test-books';

let t: TestContext;
let authorCookie: string;
beforeEach(async () => {
  t = await buildTestContext();
  authorCookie = (await buildSignedInUser(t.ctx, { roles: ['author'] })).cookie;
});
afterEach(async () => {
  await t.close();
});

const search = (bookId: string, q: string, cookie = authorCookie) => t.request(`/api/books/${bookId}/search?q=${encodeURIComponent(q)}`, { cookie });
const chapterIds = async (bookId: string) =>
  (await t.ctx.db.selectFrom('bookChapters').select('id').where('bookId', '=', bookId).orderBy('ord').execute()).map((r) => r.id);

describe('search in a book on the server', () => {
  it('names the chapters holding the words, in reading order, across markup, entities and line breaks', async () => {
    const bookId = await importPublishedBook(
      t,
      authorCookie,
      epub3({
        chapters: [
          { id: 'a', title: 'One', body: '<p>The <em>Lamp</em>\n   was lit at dusk.</p>' },
          { id: 'b', title: 'Two', body: '<p>No light tonight.</p>' },
          { id: 'c', title: 'Three', body: '<p>The lamp&#160;was lit again; caf&eacute; closed.</p>' },
        ],
      }),
    );
    const [one, , three] = await chapterIds(bookId);
    expect(await answerOf(await search(bookId, 'the lamp WAS lit'), searchBookChapters)).toEqual({ chapterIds: [one, three], more: false });
    expect(await answerOf(await search(bookId, 'café'), searchBookChapters)).toEqual({ chapterIds: [three], more: false });
    expect(await answerOf(await search(bookId, 'whale'), searchBookChapters)).toEqual({ chapterIds: [], more: false });
  });

  it(`stops at ${BOOK_SEARCH_MAX_CHAPTERS} chapters of a long book and says there are more`, async () => {
    const bookId = await importPublishedBook(t, authorCookie, longEpub(BOOK_SEARCH_MAX_CHAPTERS + 50));
    const ids = await chapterIds(bookId);
    const all = await answerOf(await search(bookId, 'lamp was lit'), searchBookChapters);
    expect(all).toEqual({ chapterIds: ids.slice(0, BOOK_SEARCH_MAX_CHAPTERS), more: true });
    // "day 217 of" is in one chapter, past the first page of chapters read.
    expect(await answerOf(await search(bookId, 'day 217 of'), searchBookChapters)).toEqual({ chapterIds: [ids[216]], more: false });
  });

  it('is for a reader of the whole book: a sample reader gets 403, an unseen book 404, no words 422', async () => {
    const bookId = await importPublishedBook(t, authorCookie, longEpub(3));
    const reader = await buildSignedInUser(t.ctx);
    const sample = await search(bookId, 'lamp', reader.cookie);
    expect(sample.status).toBe(403);
    expect((await t.request(`/api/books/${bookId}/search?q=lamp`)).status).toBe(401);
    expect((await search('no-such-book', 'lamp')).status).toBe(404);
    await t.ctx.db.updateTable('books').set({ status: 'draft' }).where('id', '=', bookId).execute();
    expect((await search(bookId, 'lamp', reader.cookie)).status).toBe(404);
    const empty = await search(bookId, '   ');
    expect(empty.status).toBe(422);
    expect((await errorOf(empty)).message).toMatch(/Type the words to find/);
  });

  it('refuses an account past its searches with 429 and Retry-After', async () => {
    await t.close();
    t = await buildTestContext({ rateLimitScale: 0.1 }); // 6 searches per account in 5 minutes
    authorCookie = (await buildSignedInUser(t.ctx, { roles: ['author'] })).cookie;
    const bookId = await importPublishedBook(t, authorCookie, longEpub(3));
    for (let i = 0; i < 6; i++) expect((await search(bookId, 'lamp')).status).toBe(200);
    const res = await search(bookId, 'lamp');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not held up by this one (its answer is the access rule's: a sample).
    const other = await buildSignedInUser(t.ctx);
    expect((await search(bookId, 'lamp', other.cookie)).status).toBe(403);
  });
});
