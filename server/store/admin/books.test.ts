/** /api/admin/store/books: the admin's list of store books, unlisting and prices, against a real SQLite file. */
import type { CompiledQuery } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as api from '../../../sync/api/admin-store';
import { getLibrary } from '../../../sync/api/library';
import { getStoreHome, searchStore, suggestStore } from '../../../sync/api/store';
import { buildAdmin, buildSignedInUser } from '../../admin/test-helpers';
import { DAY } from '../../limits';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../../test/test-context';
import { discount, saveStoreBook } from '../test-books';
import { adminStoreBooks } from './books';
import { queryPlan } from '../../test/query-plan';

let t: TestContext;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
beforeEach(async () => {
  t = await buildTestContext();
  admin = await buildAdmin(t.ctx);
});
afterEach(() => t.close());

const list = async (query: string) => answerOf(await t.request(`/api/admin/store/books?${query}`, { cookie: admin.cookie }), api.listAdminStoreBooks);
const titles = (r: { items: { title: string }[] }) => r.items.map((b) => b.title);
const setListed = (id: string, listed: boolean, cookie = admin.cookie) =>
  t.request(`/api/admin/store/books/${id}/listing`, { method: 'PUT', cookie, json: { listed } });
const setPrice = (id: string, json: unknown, cookie = admin.cookie) => t.request(`/api/admin/store/books/${id}/price`, { method: 'PUT', cookie, json });
const audits = (action: string) => t.ctx.db.selectFrom('auditLog').selectAll().where('action', '=', action).execute();
const noSale = { discountPriceCents: null, discountStartsAt: null, discountEndsAt: null };

describe('who may use the store tools', () => {
  it('is admins only: a reader gets 403 and a visitor 401 on every route', async () => {
    const reader = await buildSignedInUser(t.ctx, { roles: ['author', 'publisher'] });
    const id = await saveStoreBook(t, { title: 'Guarded' });
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/store/books'],
      ['PUT', `/api/admin/store/books/${id}/listing`, { listed: false }],
      ['PUT', `/api/admin/store/books/${id}/price`, { priceCents: 1, ...noSale }],
      ['GET', '/api/admin/store'],
      ['PUT', '/api/admin/store/featured', { bookIds: [id] }],
      ['POST', '/api/admin/store/collections', { name: 'X' }],
      ['PATCH', '/api/admin/store/collections/c1', { name: 'Y' }],
      ['DELETE', '/api/admin/store/collections/c1'],
      ['PUT', '/api/admin/store/collection-order', { ids: [] }],
      ['PUT', '/api/admin/store/shelf-genres', { codes: ['FF'] }],
      ['DELETE', '/api/admin/store/shelf-genres'],
    ];
    for (const [method, path, json] of calls) {
      expect((await t.request(path, { method, json, cookie: reader.cookie })).status, `${method} ${path}`).toBe(403);
      expect((await t.request(path, { method, json })).status, `${method} ${path}`).toBe(401);
    }
    expect(await t.ctx.db.selectFrom('books').select(['status', 'priceCents', 'featured']).where('id', '=', id).executeTakeFirst()).toEqual({
      status: 'published',
      priceCents: 500,
      featured: 0,
    });
    expect(await t.ctx.db.selectFrom('auditLog').selectAll().execute()).toEqual([]);
  });
});

describe('the list of store books', () => {
  it('shows published and unlisted books (never drafts), filtered by state, searched by title, page by page', async () => {
    const now = t.ctx.now();
    const orchard = await saveStoreBook(t, { title: 'The Salt Orchard', priceCents: 999 });
    await saveStoreBook(t, { title: 'Free Fête', priceCents: 0 });
    await saveStoreBook(t, { title: 'Hidden Garden', status: 'unlisted' });
    await saveStoreBook(t, { title: 'Draft Orchard', status: 'draft' });
    const ended = await saveStoreBook(t, { title: 'Old Sale' });
    await discount(t, orchard, 0, now - DAY, now + DAY);
    await discount(t, ended, 100, now - 2 * DAY, now - DAY);

    expect(titles(await list(''))).toEqual(['Free Fête', 'Hidden Garden', 'Old Sale', 'The Salt Orchard']);
    expect(titles(await list('state=listed'))).toEqual(['Free Fête', 'Old Sale', 'The Salt Orchard']);
    expect(titles(await list('state=unlisted'))).toEqual(['Hidden Garden']);
    expect(titles(await list('state=discounted'))).toEqual(['The Salt Orchard']);
    expect(titles(await list('state=free'))).toEqual(['Free Fête', 'The Salt Orchard']);
    expect(titles(await list('q=orch'))).toEqual(['The Salt Orchard']);
    expect(titles(await list('q=fete'))).toEqual(['Free Fête']);
    // Unlisted books are not in the full-text index; their titles are found among the unlisted.
    expect(titles(await list('q=garden'))).toEqual(['Hidden Garden']);
    expect(titles(await list('q=GARD&state=unlisted'))).toEqual(['Hidden Garden']);
    expect(titles(await list('q=draft'))).toEqual([]);
    const [row] = (await list('q=salt')).items;
    expect(row).toMatchObject({
      status: 'published',
      priceCents: 999,
      effectivePriceCents: 0,
      discount: { priceCents: 0, startsAt: now - DAY, endsAt: now + DAY },
      featuredRank: null,
      authors: ['Test Author'],
    });
    expect((await t.request('/api/admin/store/books?state=sold', { cookie: admin.cookie })).status).toBe(422);
  });

  it('answers a title search from indexes', async () => {
    await saveStoreBook(t, { title: 'Listed Orchard' });
    await saveStoreBook(t, { title: 'Unlisted Orchard', status: 'unlisted' });
    const compiled: CompiledQuery[] = [];
    const db = t.ctx.db.withPlugin({
      transformQuery: (a) => {
        compiled.push(t.ctx.db.getExecutor().compileQuery(a.node, a.queryId));
        return a.node;
      },
      transformResult: async (a) => a.result,
    });
    const found = await adminStoreBooks({ ...t.ctx, db }, { state: 'all', q: 'orch', page: 1 });
    expect(found.items.map((b) => b.title)).toEqual(['Listed Orchard', 'Unlisted Orchard']);
    for (const query of compiled.filter((c) => /from "books"/.test(c.sql))) {
      const plan = await queryPlan(t.ctx.db, query);
      expect(plan.scans, plan.text).not.toContain('books');
    }
  });

  it('pages by 25, in title order', async () => {
    for (let i = 0; i < 27; i++) await saveStoreBook(t, { title: `Book ${String(i).padStart(2, '0')}` });
    const first = await list('');
    expect(first).toMatchObject({ total: 27, page: 1, pageSize: api.ADMIN_STORE_PAGE_SIZE });
    expect(first.items).toHaveLength(25);
    expect(titles(await list('page=2'))).toEqual(['Book 25', 'Book 26']);
  });
});

describe('unlisting', () => {
  it('takes the book out of /store, search, suggestions, its store page and checkout; owners keep and read it; audited; relisting brings it back', async () => {
    const id = await saveStoreBook(t, { title: 'Vanishing Lighthouse', priceCents: 700 });
    const owner = await buildSignedInUser(t.ctx);
    await t.ctx.db.insertInto('libraryEntries').values({ userId: owner.user.id, bookId: id, source: 'purchase', acquiredAt: t.ctx.now() }).execute();
    const buyer = await buildSignedInUser(t.ctx);

    const res = await setListed(id, false);
    expect(res.status).toBe(200);
    expect((await answerOf(res, api.setBookListing)).book).toMatchObject({ id, status: 'unlisted' });

    const home = await answerOf(await t.request('/api/store'), getStoreHome);
    expect(home.shelves.flatMap((s) => s.books.map((b) => b.id))).not.toContain(id);
    expect((await answerOf(await t.request('/api/store/search?q=vanish'), searchStore)).books).toEqual([]);
    expect((await answerOf(await t.request('/api/store/suggest?q=vanish'), suggestStore)).suggestions).toEqual([]);
    expect((await t.request(`/api/store/books/${id}`)).status).toBe(404);
    const bought = await t.request('/api/checkout', { method: 'POST', cookie: buyer.cookie, json: { bookIds: [id] } });
    expect(bought.status).toBe(404);
    expect((await errorOf(bought)).message).toBe('“Vanishing Lighthouse” is not for sale.');
    expect(await t.ctx.db.selectFrom('orders').selectAll().execute()).toEqual([]);

    const library = await answerOf(await t.request('/api/library', { cookie: owner.cookie }), getLibrary);
    expect(library.books.map((b) => b.id)).toEqual([id]);
    expect((await t.request(`/api/books/${id}/chapters/${id}-2`, { cookie: owner.cookie })).status).toBe(200);
    expect((await t.request(`/api/books/${id}/chapters/${id}-1`, { cookie: buyer.cookie })).status).toBe(404);

    expect((await setListed(id, false)).status).toBe(200); // already unlisted: no second audit row
    expect((await audits('store.book_unlisted')).map((a) => [a.actorId, a.targetId])).toEqual([[admin.user.id, id]]);

    expect((await answerOf(await setListed(id, true), api.setBookListing)).book.status).toBe('published');
    expect((await answerOf(await t.request('/api/store/search?q=vanish'), searchStore)).books.map((b) => b.id)).toEqual([id]);
    expect(await audits('store.book_relisted')).toHaveLength(1);
  });

  it('is 404 for a draft or a missing book, 422 for a body without `listed`', async () => {
    const draft = await saveStoreBook(t, { title: 'Draft', status: 'draft' });
    expect((await setListed(draft, true)).status).toBe(404);
    expect((await setListed('nope', true)).status).toBe(404);
    const id = await saveStoreBook(t, { title: 'Listed' });
    const res = await t.request(`/api/admin/store/books/${id}/listing`, { method: 'PUT', cookie: admin.cookie, json: {} });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({ listed: 'Say whether the book is listed.' });
    expect(await t.ctx.db.selectFrom('books').select('status').where('id', '=', draft).executeTakeFirst()).toEqual({ status: 'draft' });
  });
});

describe('price and discount window', () => {
  it('saves a price and a discount the store then charges, audited with before and after', async () => {
    const id = await saveStoreBook(t, { title: 'Priced', priceCents: 999 });
    const now = t.ctx.now();
    const sale = { priceCents: 1299, discountPriceCents: 899, discountStartsAt: now - 1000, discountEndsAt: now + DAY };
    const saved = await answerOf(await setPrice(id, sale), api.setBookPrice);
    expect(saved.book).toMatchObject({ priceCents: 1299, effectivePriceCents: 899, discount: { priceCents: 899, startsAt: now - 1000, endsAt: now + DAY } });
    expect(saved.priceDrop).toBe('now');
    const card = (await answerOf(await t.request('/api/store/search?q=priced'), searchStore)).books[0]!;
    expect(card).toMatchObject({ priceCents: 899, listPriceCents: 1299 });
    const [audit] = await audits('store.price_changed');
    expect(audit).toMatchObject({ actorId: admin.user.id, targetType: 'book', targetId: id });
    expect(JSON.parse(audit!.detail)).toEqual({
      title: 'Priced',
      before: { priceCents: 999, ...noSale },
      after: sale,
    });

    // Clearing the discount: back to the list price, no drop.
    const cleared = await answerOf(await setPrice(id, { priceCents: 1299, ...noSale }), api.setBookPrice);
    expect(cleared).toMatchObject({ book: { effectivePriceCents: 1299, discount: null }, priceDrop: null });
  });

  it('answers 422 with a message on each field that breaks a rule, and changes nothing', async () => {
    const id = await saveStoreBook(t, { title: 'Strict', priceCents: 999 });
    const now = t.ctx.now();
    const cases: [unknown, Record<string, string>][] = [
      [{ priceCents: -1, ...noSale }, { priceCents: 'The price must be zero or more.' }],
      [{ priceCents: 9.5, ...noSale }, { priceCents: 'Enter the price in whole cents.' }],
      [{ priceCents: '5', ...noSale }, { priceCents: 'Enter the price in cents (a whole number).' }],
      [
        { priceCents: 500, discountPriceCents: 500, discountStartsAt: now, discountEndsAt: now + DAY },
        { discountPriceCents: 'The discount price must be lower than the price.' },
      ],
      [
        { priceCents: 500, discountPriceCents: 300, discountStartsAt: now + DAY, discountEndsAt: now + 1000 },
        { discountEndsAt: 'The discount must end after it starts.' },
      ],
      [
        { priceCents: 500, discountPriceCents: 300, discountStartsAt: null, discountEndsAt: null },
        { discountStartsAt: 'Choose when the discount starts.', discountEndsAt: 'Choose when the discount ends.' },
      ],
      [
        { priceCents: 500, discountPriceCents: 300, discountStartsAt: now - 2 * DAY, discountEndsAt: now - DAY },
        { discountEndsAt: 'This end is in the past: the discount would never run.' },
      ],
    ];
    for (const [json, fields] of cases) {
      const res = await setPrice(id, json);
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect((await errorOf(res)).fields, JSON.stringify(json)).toEqual(fields);
    }
    // A client-chosen field beside the price is refused too.
    const extra = await setPrice(id, { priceCents: 100, ...noSale, currency: 'EUR' });
    expect(extra.status).toBe(422);
    expect(await t.ctx.db.selectFrom('books').select(['priceCents', 'discountPriceCents', 'currency']).where('id', '=', id).executeTakeFirst()).toEqual({
      priceCents: 999,
      discountPriceCents: null,
      currency: 'USD',
    });
    expect(await audits('store.price_changed')).toEqual([]);
    expect((await setPrice('missing', { priceCents: 100, ...noSale })).status).toBe(404);
  });
});
