/**
 * The /store front page: featured books in the admin's order, the admin's collections in their order, new releases,
 * free books, then one shelf per chosen genre (the admin's choice, else DEFAULT_SHELF_GENRES),
 * leaving out empty shelves. Each shelf links to the advanced search that shows all of it.
 */
import { SHELF_SIZE, type Shelf, type StoreHomeResponse } from '../../sync/api/store';
import { DEFAULT_SHELF_GENRES, genreName } from '../../sync/store/genres';
import type { AppContext } from '../context';
import { bestsellerBookIds } from '../payments/bestsellers';
import { effectivePrice, listedBooks, toCards, type ListedRow } from './listing';

/** The settings row of the admin's genre shelves (/admin/store); absent until they choose. */
export const SHELF_GENRES_KEY = 'store.shelfGenres';

/** The admin's chosen genre shelves, in order, or null while they have not chosen. */
export async function chosenShelfGenres(ctx: AppContext): Promise<string[] | null> {
  const row = await ctx.db.selectFrom('settings').select('value').where('key', '=', SHELF_GENRES_KEY).executeTakeFirst();
  return row ? (JSON.parse(row.value) as string[]) : null;
}

/** The genres shown as shelves: the admin's choice, else the defaults. */
async function shelfGenres(ctx: AppContext): Promise<string[]> {
  return (await chosenShelfGenres(ctx)) ?? DEFAULT_SHELF_GENRES;
}

function newest(ctx: AppContext) {
  return listedBooks(ctx).orderBy('books.publishedAt', 'desc').orderBy('books.id').limit(SHELF_SIZE);
}

async function shelf(ctx: AppContext, id: string, title: string, rows: ListedRow[], more: string | null): Promise<Shelf | null> {
  return rows.length === 0 ? null : { id, title, books: await toCards(ctx, rows), more };
}

async function collectionShelves(ctx: AppContext): Promise<(Shelf | null)[]> {
  const collections = await ctx.db.selectFrom('storeCollections').select(['id', 'name']).orderBy('ord').execute();
  return Promise.all(
    collections.map(async (c) => {
      const rows = await listedBooks(ctx)
        .innerJoin('storeCollectionBooks', 'storeCollectionBooks.bookId', 'books.id')
        .where('storeCollectionBooks.collectionId', '=', c.id)
        .orderBy('storeCollectionBooks.ord')
        .limit(SHELF_SIZE)
        .execute();
      return shelf(ctx, `collection:${c.id}`, c.name, rows, null);
    }),
  );
}

async function genreShelves(ctx: AppContext, codes: string[]): Promise<(Shelf | null)[]> {
  return Promise.all(
    codes.map(async (code) => {
      const rows = await newest(ctx)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('bookGenres')
              .select('bookGenres.code')
              .whereRef('bookGenres.bookId', '=', 'books.id')
              .where('bookGenres.code', '>=', code)
              .where('bookGenres.code', '<', `${code}~`),
          ),
        )
        .execute();
      return shelf(ctx, `genre:${code}`, genreName(code), rows, `genre=${code}`);
    }),
  );
}

/** The books sold most in the last 30 days (server/payments), in that order; listed ones only. */
async function bestsellerRows(ctx: AppContext): Promise<ListedRow[]> {
  const ids = await bestsellerBookIds(ctx, SHELF_SIZE);
  if (ids.length === 0) return [];
  const rows = await listedBooks(ctx).where('books.id', 'in', ids).execute();
  return ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is ListedRow => r !== undefined);
}

/** Every genre with at least one listed book, most books first. */
export async function genreCounts(ctx: AppContext) {
  const rows = await ctx.db
    .selectFrom('bookGenres')
    .innerJoin('books', 'books.id', 'bookGenres.bookId')
    .where('books.status', '=', 'published')
    .select((eb) => ['bookGenres.code', eb.fn.countAll<number>().as('count')])
    .groupBy('bookGenres.code')
    .execute();
  return rows.map((r) => ({ code: r.code, name: genreName(r.code), count: Number(r.count) })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

export async function storeHome(ctx: AppContext): Promise<StoreHomeResponse> {
  const now = ctx.now();
  const [featured, collections, fresh, bestsellers, free, genres, codes] = await Promise.all([
    listedBooks(ctx).where('books.featured', '>', 0).orderBy('books.featured').limit(SHELF_SIZE).execute(),
    collectionShelves(ctx),
    newest(ctx).execute(),
    bestsellerRows(ctx),
    newest(ctx)
      .where((eb) => eb(effectivePrice(eb, now), '=', 0))
      .execute(),
    genreCounts(ctx),
    shelfGenres(ctx),
  ]);
  const shelves = [
    await shelf(ctx, 'featured', 'Featured', featured, null),
    ...collections,
    await shelf(ctx, 'new', 'New releases', fresh, 'sort=newest'),
    await shelf(ctx, 'bestsellers', 'Bestsellers', bestsellers, null),
    await shelf(ctx, 'free', 'Free to read', free, 'free=1'),
    ...(await genreShelves(ctx, codes)),
  ];
  return { shelves: shelves.filter((s): s is Shelf => s !== null), genres };
}
