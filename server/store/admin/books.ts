/**
 * Store books as the admin sees them (/admin/store/books): every published or unlisted book with
 * its list price, the price a buyer pays now, its discount window and its place on the Featured
 * shelf. A title search finds listed books through the full-text index (which holds listed books
 * only) and unlisted ones by their title among the unlisted (a range of the status index); the
 * rest is plain SQL on indexed columns.
 */
import { sql } from 'kysely';
import { ADMIN_STORE_PAGE_SIZE, type AdminStoreBook, type StoreBookState } from '../../../sync/api/admin-store';
import { authorNamesByBook, coverUrl } from '../../books/queries';
import type { AppContext } from '../../context';
import type { DB } from '../../db/connection';
import { containsText } from '../../db/contains';
import { storeIndex } from '../../search/store-index';
import { effectivePrice } from '../listing';

/** A store book: published, or published once and unlisted since. Drafts are not the store's. */
export const STORE_STATUSES = ['published', 'unlisted'] as const;

function storeBooks(db: DB) {
  return db.selectFrom('books').where('books.status', 'in', [...STORE_STATUSES]);
}

function withColumns(qb: ReturnType<typeof storeBooks>, now: number) {
  return qb
    .leftJoin('bookAssets', (join) => join.onRef('bookAssets.bookId', '=', 'books.id').onRef('bookAssets.path', '=', 'books.coverPath'))
    .select((eb) => [
      'books.id',
      'books.title',
      'books.status',
      'books.currency',
      'books.priceCents',
      effectivePrice(eb, now).as('effectivePriceCents'),
      'books.discountPriceCents',
      'books.discountStartsAt',
      'books.discountEndsAt',
      'books.featured',
      'bookAssets.blobHash as coverHash',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];

async function present(ctx: AppContext, rows: Row[]): Promise<AdminStoreBook[]> {
  const authors = await authorNamesByBook(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const d = r.discountPriceCents;
    return {
      id: r.id,
      title: r.title,
      authors: authors.get(r.id) ?? [],
      status: r.status as AdminStoreBook['status'],
      coverUrl: coverUrl(r.id, r.coverHash),
      currency: r.currency,
      priceCents: r.priceCents,
      effectivePriceCents: Number(r.effectivePriceCents),
      // The admin's form always writes both ends; a discount with an open end (written before
      // this page existed) shows it as far away in time.
      discount: d === null ? null : { priceCents: d, startsAt: r.discountStartsAt ?? 0, endsAt: r.discountEndsAt ?? 8_640_000_000_000 },
      featuredRank: r.featured > 0 ? r.featured : null,
    };
  });
}

export async function adminStoreBooks(ctx: AppContext, query: { state: StoreBookState; q: string; page: number }) {
  const now = ctx.now();
  let qb = storeBooks(ctx.db);
  const index = storeIndex(ctx.db);
  const text = index.matchExpression({ title: query.q });
  if (text) {
    qb = qb.where((eb) =>
      eb.or([
        eb(index.matchKey, 'in', sql`(SELECT m.key FROM ${index.matchingBooks(text)} AS m)`),
        eb.and([eb('books.status', '=', 'unlisted'), containsText('books.title', query.q)]),
      ]),
    );
  }
  if (query.state === 'listed') qb = qb.where('books.status', '=', 'published');
  if (query.state === 'unlisted') qb = qb.where('books.status', '=', 'unlisted');
  if (query.state === 'discounted') {
    qb = qb
      .where('books.discountPriceCents', 'is not', null)
      .where((eb) => eb.or([eb('books.discountEndsAt', 'is', null), eb('books.discountEndsAt', '>', now)]));
  }
  if (query.state === 'free') qb = qb.where((eb) => eb(effectivePrice(eb, now), '=', 0));
  const [rows, count] = await Promise.all([
    withColumns(qb, now)
      .orderBy('books.title')
      .orderBy('books.id')
      .limit(ADMIN_STORE_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_STORE_PAGE_SIZE)
      .execute(),
    qb.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await present(ctx, rows), page: query.page, pageSize: ADMIN_STORE_PAGE_SIZE, total: Number(count.n) };
}

/** One store book as the admin list shows it, or null when there is no such store book. */
export async function adminStoreBook(ctx: AppContext, bookId: string): Promise<AdminStoreBook | null> {
  const rows = await withColumns(storeBooks(ctx.db).where('books.id', '=', bookId), ctx.now()).execute();
  return rows.length ? (await present(ctx, rows))[0]! : null;
}
