/** The store catalogue through the HTTP API, against a fresh SQLite file per test. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as api from '../../sync/api/store';
import { buildSignedInUser } from '../admin/test-helpers';
import { DAY } from '../limits';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { discount, saveStoreBook } from './test-books';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(async () => t.close());

async function search(query: string) {
  const res = await t.request(`/api/store/search?${query}`);
  expect(res.status).toBe(200);
  return answerOf(res, api.searchStore);
}

const titles = (r: { books: { title: string }[] }) => r.books.map((b) => b.title);

describe('store search', () => {
  it('matches prefixes, folds diacritics and ranks title and author hits above description hits', async () => {
    await saveStoreBook(t, { title: 'Gardens of Stone', description: 'An orchard appears in chapter nine.' });
    await saveStoreBook(t, { title: 'The Salt Orchard', authors: ['Nell Finch'] });
    await saveStoreBook(t, { title: 'Murder at the Fête', authors: ['Hester Quill'] });
    await saveStoreBook(t, { title: 'Winter Pears', authors: ['Orchard Lane'] });

    expect(titles(await search('q=orch'))[0]).toBe('The Salt Orchard');
    expect(
      titles(await search('q=orch'))
        .slice(1)
        .sort(),
    ).toEqual(['Gardens of Stone', 'Winter Pears']);
    expect(titles(await search('q=orch')).at(-1)).toBe('Gardens of Stone');
    expect(titles(await search('q=fete'))).toEqual(['Murder at the Fête']);
    expect(titles(await search('q=f%C3%AAte%20quill'))).toEqual(['Murder at the Fête']);
    expect(titles(await search('q=orchard%20quill'))).toEqual([]);
  });

  it('never lists drafts or unlisted books, and drops operators people type', async () => {
    await saveStoreBook(t, { title: 'Public Orchard' });
    await saveStoreBook(t, { title: 'Draft Orchard', status: 'draft' });
    await saveStoreBook(t, { title: 'Unlisted Orchard', status: 'unlisted' });
    expect(titles(await search('q=orchard'))).toEqual(['Public Orchard']);
    expect(titles(await search('q=%22orch*%22%20(%20-%5E'))).toEqual(['Public Orchard']);
  });

  it('keeps the index in step when a listed book changes or is unlisted', async () => {
    await saveStoreBook(t, { title: 'Quiet Orchard', slug: 'quiet' });
    expect(titles(await search('q=orchard'))).toEqual(['Quiet Orchard']);
    await saveStoreBook(t, { title: 'Quiet Meadow', slug: 'quiet', genres: ['FM'] });
    expect(titles(await search('q=orchard'))).toEqual([]);
    expect(titles(await search('q=meadow&genre=FM'))).toEqual(['Quiet Meadow']);
    await saveStoreBook(t, { title: 'Quiet Meadow', slug: 'quiet', status: 'unlisted' });
    expect(titles(await search('q=meadow'))).toEqual([]);
  });

  it('filters by field, ISBN (10 or 13, hyphens allowed), genre with narrower codes, language, price, rating and date', async () => {
    const now = t.ctx.now();
    const a = await saveStoreBook(t, {
      title: 'Alpha',
      authors: ['Ann Lee'],
      publisher: 'Lantern House',
      genres: ['FF'],
      isbn: '9780306406157',
      priceCents: 0,
      publishedAt: now - 40 * DAY,
    });
    await saveStoreBook(t, { title: 'Beta', authors: ['Ben Ray'], genres: ['FFD'], language: 'fr', priceCents: 1500, publishedAt: now - 5 * DAY });
    await saveStoreBook(t, { title: 'Gamma', authors: ['Ann Ray'], genres: ['FM'], language: 'en-GB', priceCents: 900, publishedAt: now });
    await t.ctx.db.updateTable('books').set({ ratingCount: 2, ratingSum: 9 }).where('id', '=', a).execute();

    expect(titles(await search('author=ray&sort=title'))).toEqual(['Beta', 'Gamma']);
    expect(titles(await search('title=alp'))).toEqual(['Alpha']);
    expect(titles(await search('publisher=lantern'))).toEqual(['Alpha']);
    expect(titles(await search('isbn=0-306-40615-2'))).toEqual(['Alpha']);
    expect(titles(await search('isbn=978-0-306-40615-7'))).toEqual(['Alpha']);
    expect(titles(await search('genre=FF&sort=title'))).toEqual(['Alpha', 'Beta']);
    expect(titles(await search('language=en&sort=title'))).toEqual(['Alpha', 'Gamma']);
    expect(titles(await search('priceMin=500&priceMax=1000'))).toEqual(['Gamma']);
    expect(titles(await search('free=1'))).toEqual(['Alpha']);
    expect(titles(await search('minRating=4'))).toEqual(['Alpha']);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(titles(await search(`from=${day(now - 10 * DAY)}&to=${day(now - DAY)}`))).toEqual(['Beta']);
    expect(titles(await search('sort=price-desc'))).toEqual(['Beta', 'Gamma', 'Alpha']);
    expect(titles(await search('sort=rating'))[0]).toBe('Alpha');
  });

  it('counts facets for the query, each ignoring its own filter', async () => {
    await saveStoreBook(t, { title: 'Red Fox', genres: ['FF'] });
    await saveStoreBook(t, { title: 'Red Kite', genres: ['FM'], language: 'fr' });
    await saveStoreBook(t, { title: 'Blue Jay', genres: ['FM'] });
    const result = await search('q=red&genre=FF');
    expect(result.total).toBe(1);
    expect(result.facets.genres).toEqual([
      { code: 'FF', name: 'Crime & mystery fiction', count: 1 },
      { code: 'FM', name: 'Fantasy', count: 1 },
    ]);
    expect(result.facets.languages).toEqual([{ code: 'en', count: 1 }]);
  });

  it("keeps a shelf's counts only until the catalogue changes", async () => {
    await saveStoreBook(t, { title: 'Red Fox', slug: 'fox', genres: ['FF'] });
    await saveStoreBook(t, { title: 'Red Kite', genres: ['FM'], language: 'fr' });
    const shelf = async () => {
      const r = await search('genre=FF&language=en');
      return { total: r.total, genres: r.facets.genres.map((g) => [g.code, g.count]), languages: r.facets.languages.map((l) => [l.code, l.count]) };
    };
    expect(await shelf()).toEqual({ total: 1, genres: [['FF', 1]], languages: [['en', 1]] });
    await saveStoreBook(t, { title: 'Grey Wolf', genres: ['FF'], language: 'fr' });
    expect(await shelf()).toEqual({
      total: 1,
      genres: [['FF', 1]],
      languages: [
        ['en', 1],
        ['fr', 1],
      ],
    });
    await saveStoreBook(t, { title: 'Red Fox', slug: 'fox', genres: ['FM'] });
    expect(await shelf()).toEqual({ total: 0, genres: [['FM', 1]], languages: [['fr', 1]] });
  });

  it("answers a narrower shelf's facet from a wider shelf's kept counts only until the catalogue changes", async () => {
    await saveStoreBook(t, { title: 'Red Fox', genres: ['FF'] });
    await saveStoreBook(t, { title: 'Red Kite', genres: ['FM'], language: 'fr' });
    const languagesOf = async (query: string) => (await search(query)).facets.languages.map((l) => [l.code, l.count]);
    const genresOf = async (query: string) => (await search(query)).facets.genres.map((g) => [g.code, g.count]);
    // The genre shelf's counts are the language facet of the genre shelf narrowed to a language,
    // and the language shelf's counts its genre facet.
    expect(await languagesOf('genre=FF')).toEqual([['en', 1]]);
    expect(await genresOf('language=fr')).toEqual([['FM', 1]]);
    expect(await languagesOf('genre=FF&language=fr')).toEqual([['en', 1]]);
    expect(await genresOf('genre=FF&language=fr')).toEqual([['FM', 1]]);
    await saveStoreBook(t, { title: 'Grey Wolf', genres: ['FF'], language: 'fr' });
    expect(await languagesOf('genre=FF&language=fr')).toEqual([
      ['en', 1],
      ['fr', 1],
    ]);
    expect(await genresOf('genre=FF&language=fr')).toEqual([
      ['FF', 1],
      ['FM', 1],
    ]);
  });

  it('pages through results', async () => {
    for (let i = 0; i < api.STORE_PAGE_SIZE + 3; i++) await saveStoreBook(t, { title: `Book ${i}`, publishedAt: t.ctx.now() - i * DAY });
    const second = await search('page=2');
    expect(second.total).toBe(api.STORE_PAGE_SIZE + 3);
    expect(titles(second)).toEqual([`Book ${api.STORE_PAGE_SIZE}`, `Book ${api.STORE_PAGE_SIZE + 1}`, `Book ${api.STORE_PAGE_SIZE + 2}`]);
  });

  it('answers a wrong ISBN or filter with 422 and the field', async () => {
    const res = await t.request('/api/store/search?isbn=978-0-306-40615-8');
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toHaveProperty('isbn');
    expect((await t.request('/api/store/search?minRating=9')).status).toBe(422);
    expect((await t.request('/api/store/search?sort=cheapest')).status).toBe(422);
  });

  it('suggests books and linked authors as you type', async () => {
    const { user: author } = await buildSignedInUser(t.ctx, { roles: ['author'] });
    await saveStoreBook(t, { title: 'Orchard Nights', authors: ['Nell Finch'], authorUserId: author.id });
    const res = await t.request('/api/store/suggest?q=nell%20fi');
    const { suggestions } = await answerOf(res, api.suggestStore);
    expect(suggestions).toEqual([
      { kind: 'book', id: expect.any(String), label: 'Orchard Nights', detail: 'Nell Finch' },
      { kind: 'author', id: author.id, label: 'Nell Finch', detail: 'Author' },
    ]);
  });
});

describe('store prices', () => {
  it('applies a running discount to the price, filters and sorting, and shows the list price beside it', async () => {
    const now = t.ctx.now();
    const sale = await saveStoreBook(t, { title: 'On Sale', priceCents: 1000 });
    const over = await saveStoreBook(t, { title: 'Sale Over', priceCents: 800 });
    const later = await saveStoreBook(t, { title: 'Sale Later', priceCents: 900 });
    await discount(t, sale, 300, now - DAY, now + DAY);
    await discount(t, over, 100, now - 2 * DAY, now - DAY);
    await discount(t, later, 100, now + DAY, null);
    const result = await search('sort=price-asc');
    expect(result.books.map((b) => [b.title, b.priceCents, b.listPriceCents])).toEqual([
      ['On Sale', 300, 1000],
      ['Sale Over', 800, null],
      ['Sale Later', 900, null],
    ]);
    expect(titles(await search('priceMax=500'))).toEqual(['On Sale']);
    const page = await answerOf(await t.request(`/api/store/books/${sale}`), api.getStoreBook);
    expect(page).toMatchObject({ priceCents: 300, listPriceCents: 1000, discountEndsAt: now + DAY });
  });
});

describe('store home and book page', () => {
  it('builds shelves of featured, new, free and genre books, leaving empty ones out', async () => {
    await saveStoreBook(t, { title: 'Free Verse', genres: ['DC'], priceCents: 0 });
    await saveStoreBook(t, { title: 'Dark Woods', genres: ['FK'] });
    const home = await answerOf(await t.request('/api/store'), api.getStoreHome);
    expect(home.shelves.map((s) => s.id)).toEqual(['new', 'free', 'genre:DC']);
    expect(home.shelves.find((s) => s.id === 'free')!.books.map((b) => b.title)).toEqual(['Free Verse']);
    expect(home.genres.map((g) => g.code).sort()).toEqual(['DC', 'FK']);
  });

  it('shows a published book with its sample chapter and genres, the same to everyone; others are not found', async () => {
    const { user: reader, cookie } = await buildSignedInUser(t.ctx);
    const id = await saveStoreBook(t, { title: 'Owned Book', genres: ['FB'], isbn: '9780306406157' });
    const draft = await saveStoreBook(t, { title: 'Draft', status: 'draft' });
    await t.ctx.db.insertInto('libraryEntries').values({ userId: reader.id, bookId: id, source: 'purchase', acquiredAt: t.ctx.now() }).execute();
    const visitor = await answerOf(await t.request(`/api/store/books/${id}`), api.getStoreBook);
    expect(visitor).toMatchObject({ title: 'Owned Book', sampleChapterId: `${id}-1`, isbn: '9780306406157', pageCount: 1 });
    expect(visitor.genres).toEqual([{ code: 'FB', name: 'Fiction: general & literary' }]);
    // Nothing in it depends on who asks, so the service worker may keep it for offline browsing.
    expect(await (await t.request(`/api/store/books/${id}`, { cookie })).json()).toEqual(visitor);
    expect((await t.request(`/api/store/books/${draft}`)).status).toBe(404);
    expect((await t.request('/api/store/books/nope')).status).toBe(404);
  });

  it('serves the description as sanitised rich text, and searches its words, not its markup', async () => {
    const id = await saveStoreBook(t, {
      title: 'Rich Text',
      description: '<p onclick="steal()">A <b>bold</b> tale<script>alert(1)</script> of <a href="javascript:x()">pears</a>.</p>',
    });
    const book = await answerOf(await t.request(`/api/store/books/${id}`), api.getStoreBook);
    expect(book.description).toBe('<p>A <strong>bold</strong> tale of pears.</p>');
    expect(titles(await search('q=pears'))).toEqual(['Rich Text']);
    expect(titles(await search('q=strong'))).toEqual([]);
  });
});
