/**
 * What /store shows above and below its fixed shelves, as the admin arranges it (/admin/store):
 * the Featured shelf (books.featured holds each book's position, 0 when not featured), the
 * collections (store_collections / store_collection_books, both ordered by `ord`) and the genre
 * shelves (the settings row shelves.ts reads). server/store/shelves.ts reads the same tables.
 * Each change commits with its audit entry; every answer is the whole layout as it now stands.
 */
import type { StoreBookRef, StoreLayout } from '../../../sync/api/admin-store';
import { COLLECTIONS_MAX } from '../../../sync/api/admin-store';
import { DEFAULT_SHELF_GENRES, GENRES, genreName } from '../../../sync/store/genres';
import type { AdminActor } from '../../admin/actor';
import { recordAudit } from '../../audit/record';
import { authorNamesByBook, coverUrl } from '../../books/queries';
import type { AppContext } from '../../context';
import type { DB } from '../../db/connection';
import { invalid, notFound } from '../../http/errors';
import { newId } from '../../http/ids';
import { chosenShelfGenres, genreCounts, SHELF_GENRES_KEY } from '../shelves';
import { STORE_STATUSES } from './books';

/** The store books among `ids`, in the order asked. */
async function bookRefs(ctx: AppContext, ids: string[]): Promise<StoreBookRef[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('books')
    .leftJoin('bookAssets', (join) => join.onRef('bookAssets.bookId', '=', 'books.id').onRef('bookAssets.path', '=', 'books.coverPath'))
    .select(['books.id', 'books.title', 'books.status', 'bookAssets.blobHash as coverHash'])
    .where('books.id', 'in', ids)
    .where('books.status', 'in', [...STORE_STATUSES])
    .execute();
  const authors = await authorNamesByBook(ctx, ids);
  return ids.flatMap((id) => {
    const r = rows.find((row) => row.id === id);
    if (!r) return [];
    return [{ id, title: r.title, authors: authors.get(id) ?? [], status: r.status as StoreBookRef['status'], coverUrl: coverUrl(id, r.coverHash) }];
  });
}

export async function storeLayout(ctx: AppContext): Promise<StoreLayout> {
  const [featured, collections, chosen, counts] = await Promise.all([
    ctx.db
      .selectFrom('books')
      .select('id')
      .where('status', 'in', [...STORE_STATUSES])
      .where('featured', '>', 0)
      .orderBy('featured')
      .execute(),
    ctx.db.selectFrom('storeCollections').select(['id', 'name']).orderBy('ord').orderBy('createdAt').execute(),
    chosenShelfGenres(ctx),
    genreCounts(ctx),
  ]);
  const members = collections.length
    ? await ctx.db
        .selectFrom('storeCollectionBooks')
        .select(['collectionId', 'bookId'])
        .where(
          'collectionId',
          'in',
          collections.map((c) => c.id),
        )
        .orderBy('ord')
        .execute()
    : [];
  const known = Object.keys(GENRES).map((code) => ({ code, name: genreName(code), count: counts.find((c) => c.code === code)?.count ?? 0 }));
  return {
    featured: await bookRefs(
      ctx,
      featured.map((f) => f.id),
    ),
    collections: await Promise.all(
      collections.map(async (c) => ({
        id: c.id,
        name: c.name,
        books: await bookRefs(
          ctx,
          members.filter((m) => m.collectionId === c.id).map((m) => m.bookId),
        ),
      })),
    ),
    shelfGenres: (chosen ?? DEFAULT_SHELF_GENRES).map((code) => ({ code, name: genreName(code) })),
    usesDefaults: chosen === null,
    genres: [...known, ...counts.filter((c) => !(c.code in GENRES))],
  };
}

/** 422 naming the ids that are not store books (drafts, deleted, never there). */
async function requireStoreBooks(db: DB, ids: string[]) {
  if (ids.length === 0) return;
  const found = await db
    .selectFrom('books')
    .select('id')
    .where('id', 'in', ids)
    .where('status', 'in', [...STORE_STATUSES])
    .execute();
  const missing = ids.filter((id) => !found.some((f) => f.id === id));
  if (missing.length > 0) throw invalid('Only store books can be shown on /store.', { bookIds: `Not in the store: ${missing.join(', ')}.` });
}

export async function setFeatured(ctx: AppContext, by: AdminActor, bookIds: string[]) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await requireStoreBooks(trx, bookIds);
    await trx.updateTable('books').set({ featured: 0 }).where('featured', '>', 0).execute();
    for (const [i, id] of bookIds.entries())
      await trx
        .updateTable('books')
        .set({ featured: i + 1 })
        .where('id', '=', id)
        .execute();
    await recordAudit(trx, now, { ...by, action: 'store.featured_set', targetType: 'store', targetId: 'featured', detail: { bookIds } });
  });
}

export async function createCollection(ctx: AppContext, by: AdminActor, name: string) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const { n, last } = await trx
      .selectFrom('storeCollections')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('ord').as('last')])
      .executeTakeFirstOrThrow();
    if (Number(n) >= COLLECTIONS_MAX)
      throw invalid(`The store holds at most ${COLLECTIONS_MAX} collections.`, { name: `Delete a collection first: at most ${COLLECTIONS_MAX}.` });
    const id = newId();
    await trx
      .insertInto('storeCollections')
      .values({ id, name, ord: Number(last ?? -1) + 1, createdAt: now })
      .execute();
    await recordAudit(trx, now, { ...by, action: 'store.collection_created', targetType: 'store_collection', targetId: id, detail: { name } });
  });
}

async function requireCollection(db: DB, id: string) {
  const found = await db.selectFrom('storeCollections').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!found) throw notFound('No such collection.');
  return found;
}

export async function updateCollection(ctx: AppContext, by: AdminActor, id: string, change: { name?: string; bookIds?: string[] }) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await requireCollection(trx, id);
    if (change.name !== undefined) await trx.updateTable('storeCollections').set({ name: change.name }).where('id', '=', id).execute();
    if (change.bookIds !== undefined) {
      await requireStoreBooks(trx, change.bookIds);
      await trx.deleteFrom('storeCollectionBooks').where('collectionId', '=', id).execute();
      if (change.bookIds.length > 0) {
        await trx
          .insertInto('storeCollectionBooks')
          .values(change.bookIds.map((bookId, ord) => ({ collectionId: id, bookId, ord })))
          .execute();
      }
    }
    await recordAudit(trx, now, {
      ...by,
      action: 'store.collection_updated',
      targetType: 'store_collection',
      targetId: id,
      detail: { name: before.name, ...change },
    });
  });
}

export async function deleteCollection(ctx: AppContext, by: AdminActor, id: string) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await requireCollection(trx, id);
    await trx.deleteFrom('storeCollections').where('id', '=', id).execute(); // its books go with it (ON DELETE CASCADE)
    await recordAudit(trx, now, { ...by, action: 'store.collection_deleted', targetType: 'store_collection', targetId: id, detail: { name: before.name } });
  });
}

export async function orderCollections(ctx: AppContext, by: AdminActor, ids: string[]) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('storeCollections').select('id').execute();
    if (existing.length !== ids.length || existing.some((c) => !ids.includes(c.id))) {
      throw invalid('Name every collection once, in the new order.', { ids: 'The collections changed meanwhile: reload the page.' });
    }
    for (const [ord, id] of ids.entries()) await trx.updateTable('storeCollections').set({ ord }).where('id', '=', id).execute();
    await recordAudit(trx, now, { ...by, action: 'store.collections_ordered', targetType: 'store', targetId: 'collections', detail: { ids } });
  });
}

export async function setShelfGenres(ctx: AppContext, by: AdminActor, codes: string[]) {
  const now = ctx.now();
  const inUse = await genreCounts(ctx);
  const unknown = codes.filter((code) => !(code in GENRES) && !inUse.some((g) => g.code === code));
  if (unknown.length > 0) throw invalid('Choose genres from the list.', { codes: `Unknown genre: ${unknown.join(', ')}.` });
  await ctx.db.transaction().execute(async (trx) => {
    const value = JSON.stringify(codes);
    await trx
      .insertInto('settings')
      .values({ key: SHELF_GENRES_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    await recordAudit(trx, now, { ...by, action: 'store.shelf_genres_set', targetType: 'store', targetId: 'shelf_genres', detail: { codes } });
  });
}

export async function resetShelfGenres(ctx: AppContext, by: AdminActor) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('settings').where('key', '=', SHELF_GENRES_KEY).execute();
    await recordAudit(trx, now, { ...by, action: 'store.shelf_genres_reset', targetType: 'store', targetId: 'shelf_genres' });
  });
}
