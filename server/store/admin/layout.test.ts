/** /api/admin/store: the Featured shelf, collections and genre shelves as /store then shows them. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as api from '../../../sync/api/admin-store';
import { getStoreHome } from '../../../sync/api/store';
import { DEFAULT_SHELF_GENRES } from '../../../sync/store/genres';
import { buildAdmin } from '../../admin/test-helpers';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../../test/test-context';
import { saveStoreBook } from '../test-books';

let t: TestContext;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
beforeEach(async () => {
  t = await buildTestContext();
  admin = await buildAdmin(t.ctx);
});
afterEach(() => t.close());

const send = (method: string, path: string, json?: unknown) => t.request(`/api/admin/store${path}`, { method, cookie: admin.cookie, json });
const layoutOf = async (res: Response, status = 200) => {
  expect(res.status).toBe(status);
  return answerOf(res, api.getStoreLayout);
};
const shelves = async () => (await answerOf(await t.request('/api/store'), getStoreHome)).shelves;
const shelf = async (id: string) => (await shelves()).find((s) => s.id === id);
const actions = async () => (await t.ctx.db.selectFrom('auditLog').select('action').orderBy('id').execute()).map((a) => a.action);

describe('the Featured shelf', () => {
  it('shows the chosen books in the chosen order on /store and the home page; unlisted ones stay chosen but hidden', async () => {
    const [a, b, c] = [await saveStoreBook(t, { title: 'Alpha' }), await saveStoreBook(t, { title: 'Beta' }), await saveStoreBook(t, { title: 'Gamma' })];
    const layout = await layoutOf(await send('PUT', '/featured', { bookIds: [c, a, b] }));
    expect(layout.featured.map((f) => f.title)).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect((await shelf('featured'))!.books.map((x) => x.title)).toEqual(['Gamma', 'Alpha', 'Beta']);
    const home = (await (await t.request('/api/books/home')).json()) as { featured: { title: string }[] };
    expect(home.featured.map((x) => x.title)).toEqual(['Gamma', 'Alpha', 'Beta']);

    await send('PUT', `/books/${a}/listing`, { listed: false });
    expect((await shelf('featured'))!.books.map((x) => x.title)).toEqual(['Gamma', 'Beta']);
    expect((await layoutOf(await send('GET', ''))).featured.map((f) => [f.title, f.status])).toEqual([
      ['Gamma', 'published'],
      ['Alpha', 'unlisted'],
      ['Beta', 'published'],
    ]);

    await layoutOf(await send('PUT', '/featured', { bookIds: [] }));
    expect(await shelf('featured')).toBeUndefined();
    expect(await actions()).toEqual(['store.featured_set', 'store.book_unlisted', 'store.featured_set']);
  });

  it('refuses drafts, unknown books and repeats (422) and keeps the shelf as it was', async () => {
    const a = await saveStoreBook(t, { title: 'Alpha' });
    const draft = await saveStoreBook(t, { title: 'Draft', status: 'draft' });
    await send('PUT', '/featured', { bookIds: [a] });
    const res = await send('PUT', '/featured', { bookIds: [a, draft, 'ghost'] });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({ bookIds: `Not in the store: ${draft}, ghost.` });
    const repeated = await send('PUT', '/featured', { bookIds: [a, a] });
    expect((await errorOf(repeated)).fields).toEqual({ bookIds: 'A book can be in the list once.' });
    const tooMany = await send('PUT', '/featured', { bookIds: Array.from({ length: api.FEATURED_MAX + 1 }, (_, i) => `b${i}`) });
    expect(tooMany.status).toBe(422);
    expect((await shelf('featured'))!.books.map((x) => x.title)).toEqual(['Alpha']);
  });
});

describe('collections', () => {
  it('are created, filled in order, renamed, reordered and deleted, and /store shows each as a shelf in that order', async () => {
    const [a, b, c] = [await saveStoreBook(t, { title: 'Alpha' }), await saveStoreBook(t, { title: 'Beta' }), await saveStoreBook(t, { title: 'Gamma' })];
    let layout = await layoutOf(await send('POST', '/collections', { name: '  Summer reads ' }), 201);
    const summer = layout.collections[0]!;
    expect(summer).toEqual({ id: summer.id, name: 'Summer reads', books: [] });
    expect(await shelf(`collection:${summer.id}`)).toBeUndefined(); // an empty collection is no shelf

    layout = await layoutOf(await send('PATCH', `/collections/${summer.id}`, { bookIds: [b, a] }));
    expect(layout.collections[0]!.books.map((x) => x.title)).toEqual(['Beta', 'Alpha']);
    layout = await layoutOf(await send('POST', '/collections', { name: 'Staff picks' }), 201);
    const picks = layout.collections[1]!;
    await send('PATCH', `/collections/${picks.id}`, { name: 'Our picks', bookIds: [c] });

    const ids = async () => (await shelves()).map((s) => s.id).filter((id) => id.startsWith('collection:'));
    expect(await ids()).toEqual([`collection:${summer.id}`, `collection:${picks.id}`]);
    expect((await shelf(`collection:${summer.id}`))!).toMatchObject({ title: 'Summer reads', books: [{ title: 'Beta' }, { title: 'Alpha' }] });
    expect((await shelf(`collection:${picks.id}`))!.title).toBe('Our picks');

    layout = await layoutOf(await send('PUT', '/collection-order', { ids: [picks.id, summer.id] }));
    expect(layout.collections.map((x) => x.name)).toEqual(['Our picks', 'Summer reads']);
    expect(await ids()).toEqual([`collection:${picks.id}`, `collection:${summer.id}`]);

    layout = await layoutOf(await send('DELETE', `/collections/${picks.id}`));
    expect(layout.collections.map((x) => x.name)).toEqual(['Summer reads']);
    expect(await ids()).toEqual([`collection:${summer.id}`]);
    expect(await t.ctx.db.selectFrom('storeCollectionBooks').select('bookId').where('collectionId', '=', picks.id).execute()).toEqual([]);
    expect(await actions()).toEqual([
      'store.collection_created',
      'store.collection_updated',
      'store.collection_created',
      'store.collection_updated',
      'store.collections_ordered',
      'store.collection_deleted',
    ]);
  });

  it('need a name, store books only, every collection named once when reordering; a missing one is 404', async () => {
    const blank = await send('POST', '/collections', { name: '   ' });
    expect(blank.status).toBe(422);
    expect((await errorOf(blank)).fields).toEqual({ name: 'Name the collection.' });
    const long = await send('POST', '/collections', { name: 'x'.repeat(api.COLLECTION_NAME_MAX + 1) });
    expect((await errorOf(long)).fields).toEqual({ name: `Keep the name under ${api.COLLECTION_NAME_MAX} characters.` });
    const { collections } = await layoutOf(await send('POST', '/collections', { name: 'One' }), 201);
    const draft = await saveStoreBook(t, { title: 'Draft', status: 'draft' });
    const res = await send('PATCH', `/collections/${collections[0]!.id}`, { bookIds: [draft] });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({ bookIds: `Not in the store: ${draft}.` });
    expect((await send('PUT', '/collection-order', { ids: [] })).status).toBe(422);
    expect((await send('PATCH', '/collections/ghost', { name: 'X' })).status).toBe(404);
    expect((await send('DELETE', '/collections/ghost')).status).toBe(404);
    for (let i = 1; i < api.COLLECTIONS_MAX; i++) await send('POST', '/collections', { name: `C${i}` });
    const full = await send('POST', '/collections', { name: 'One too many' });
    expect(full.status).toBe(422);
    expect((await errorOf(full)).fields).toEqual({ name: `Delete a collection first: at most ${api.COLLECTIONS_MAX}.` });
  });
});

describe('genre shelves', () => {
  it('are the defaults until chosen, then the chosen genres in order, and the defaults again after a reset', async () => {
    await saveStoreBook(t, { title: 'Crime', genres: ['FF'] });
    await saveStoreBook(t, { title: 'Poems', genres: ['DC'] });
    await saveStoreBook(t, { title: 'Cakes', genres: ['WB'] });
    const genreShelves = async () => (await shelves()).filter((s) => s.id.startsWith('genre:')).map((s) => s.id);

    let layout = await layoutOf(await send('GET', ''));
    expect(layout.usesDefaults).toBe(true);
    expect(layout.shelfGenres.map((g) => g.code)).toEqual(DEFAULT_SHELF_GENRES);
    expect(layout.genres.find((g) => g.code === 'WB')).toEqual({ code: 'WB', name: 'Cookery / food & drink', count: 1 });
    expect(await genreShelves()).toEqual(['genre:FF', 'genre:DC']);

    layout = await layoutOf(await send('PUT', '/shelf-genres', { codes: ['WB', 'FF'] }));
    expect(layout).toMatchObject({ usesDefaults: false, shelfGenres: [{ code: 'WB', name: 'Cookery / food & drink' }, { code: 'FF' }] });
    expect(await genreShelves()).toEqual(['genre:WB', 'genre:FF']);

    await layoutOf(await send('PUT', '/shelf-genres', { codes: [] }));
    expect(await genreShelves()).toEqual([]);

    layout = await layoutOf(await send('DELETE', '/shelf-genres'));
    expect(layout.usesDefaults).toBe(true);
    expect(await genreShelves()).toEqual(['genre:FF', 'genre:DC']);
    expect(await actions()).toEqual(['store.shelf_genres_set', 'store.shelf_genres_set', 'store.shelf_genres_reset']);
  });

  it('refuses codes that are not genres (422)', async () => {
    const res = await send('PUT', '/shelf-genres', { codes: ['ZZZ'] });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({ codes: 'Unknown genre: ZZZ.' });
    expect((await errorOf(await send('PUT', '/shelf-genres', { codes: ['no good'] }))).fields).toEqual({ 'codes.0': 'That is not a genre code.' });
    expect((await errorOf(await send('PUT', '/shelf-genres', { codes: ['FF', 'FF'] }))).fields).toEqual({ codes: 'A genre can be shown once.' });
    expect(await actions()).toEqual([]);
  });
});
