/**
 * What every store query shares: the published books, the price a buyer pays now (a running
 * discount applied, computed in SQL so sorting and price filters agree with what is shown), and
 * turning rows into cards.
 */
import type { ImageSet } from '../../sync/api/images';
import { imageSets } from '../images/image-sets';
import type { ExpressionBuilder } from 'kysely';
import type { StoreBookCard } from '../../sync/api/store';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { authorNamesByBook, coverUrl } from '../books/queries';

type BooksEb = ExpressionBuilder<Database, 'books'>;

/** True while the book's discount runs at `now`. */
export function discountRuns(eb: BooksEb, now: number) {
  return eb.and([
    eb('books.discountPriceCents', 'is not', null),
    eb.or([eb('books.discountStartsAt', 'is', null), eb('books.discountStartsAt', '<=', now)]),
    eb.or([eb('books.discountEndsAt', 'is', null), eb('books.discountEndsAt', '>', now)]),
  ]);
}

/** The price a buyer pays at `now`, in minor units. */
export function effectivePrice(eb: BooksEb, now: number) {
  return eb.case().when(discountRuns(eb, now)).then(eb.ref('books.discountPriceCents')).else(eb.ref('books.priceCents')).end();
}

/** Published books, nothing selected yet: the base of counts and facets. */
export function publishedBooks(ctx: AppContext) {
  return ctx.db.selectFrom('books').where('books.status', '=', 'published');
}

/** Adds the cover and the columns a card needs to a query over books. */
export function withCardColumns<QB extends ReturnType<typeof publishedBooks>>(qb: QB, now: number) {
  return qb
    .leftJoin('bookAssets', (join) => join.onRef('bookAssets.bookId', '=', 'books.id').onRef('bookAssets.path', '=', 'books.coverPath'))
    .select((eb) => [
      'books.id',
      'books.title',
      'books.subtitle',
      'books.priceCents as listPriceCents',
      effectivePrice(eb, now).as('priceCents'),
      'books.currency',
      'books.ratingCount',
      'books.ratingSum',
      'books.publishedAt',
      'bookAssets.blobHash as coverHash',
    ]);
}

/** Published books with the columns a card needs. */
export function listedBooks(ctx: AppContext) {
  return withCardColumns(publishedBooks(ctx), ctx.now());
}

export interface ListedRow {
  id: string;
  title: string;
  subtitle: string;
  listPriceCents: number;
  priceCents: number | null;
  currency: string;
  ratingCount: number;
  ratingSum: number;
  publishedAt: number | null;
  coverHash: string | null;
}

function ratingAverage(row: { ratingCount: number; ratingSum: number }): number | null {
  return row.ratingCount > 0 ? Math.round((row.ratingSum / row.ratingCount) * 10) / 10 : null;
}

export function toCard(row: ListedRow, authors: string[], coverSet?: ImageSet): StoreBookCard {
  const price = row.priceCents ?? row.listPriceCents;
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    authors,
    priceCents: price,
    listPriceCents: price < row.listPriceCents ? row.listPriceCents : null,
    currency: row.currency,
    coverUrl: coverUrl(row.id, row.coverHash),
    ...(coverSet ? { coverSet } : {}),
    ratingAverage: ratingAverage(row),
    ratingCount: row.ratingCount,
    publishedAt: row.publishedAt,
  };
}

export async function toCards(ctx: AppContext, rows: ListedRow[]): Promise<StoreBookCard[]> {
  const [authors, sets] = await Promise.all([
    authorNamesByBook(
      ctx,
      rows.map((r) => r.id),
    ),
    imageSets(
      ctx.db,
      rows.map((r) => r.coverHash),
    ),
  ]);
  return rows.map((r) => toCard(r, authors.get(r.id) ?? [], r.coverHash ? sets.get(r.coverHash) : undefined));
}
