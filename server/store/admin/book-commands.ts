/**
 * The admin's changes to one store book: listing it or not, and its price and discount window.
 * Each commits with its audit entry; a price drop queues the wishlist notices after the commit.
 * Unlisting changes the status and takes the book out of the search index (which holds listed
 * books only): /store, search and checkout read published books only, while library entries (and
 * so reading) stay.
 */
import type { AdminStoreBook, PriceUpdateInput } from '../../../sync/api/admin-store';
import { priceErrors, type PriceInput } from '../../../sync/store/pricing';
import type { AdminActor } from '../../admin/actor';
import { recordAudit } from '../../audit/record';
import type { AppContext } from '../../context';
import type { DB } from '../../db/connection';
import { invalid, notFound } from '../../http/errors';
import { storeIndex } from '../../search/store-index';
import { adminStoreBook, STORE_STATUSES } from './books';
import { priceDrops, schedulePriceDrops } from './price-drops';

function findStoreBook(trx: DB, bookId: string) {
  return trx
    .selectFrom('books')
    .select(['id', 'title', 'status', 'priceCents', 'discountPriceCents', 'discountStartsAt', 'discountEndsAt'])
    .where('id', '=', bookId)
    .where('status', 'in', [...STORE_STATUSES])
    .executeTakeFirst();
}

const NOT_IN_STORE = 'No such book in the store.';

/** Puts the book in the search index (listed) or takes it out, in the caller's transaction. */
async function reindex(trx: DB, bookId: string, listed: boolean) {
  const [book, contributors, genres] = await Promise.all([
    trx.selectFrom('books').select(['title', 'subtitle', 'publisherName', 'description', 'language']).where('id', '=', bookId).executeTakeFirstOrThrow(),
    trx.selectFrom('bookContributors').select('name').where('bookId', '=', bookId).orderBy('ord').execute(),
    trx.selectFrom('bookGenres').select('code').where('bookId', '=', bookId).execute(),
  ]);
  await storeIndex(trx).indexDocument(trx, {
    bookId,
    listed,
    title: book.title,
    subtitle: book.subtitle,
    authors: contributors.map((c) => c.name),
    publisher: book.publisherName,
    description: book.description,
    genres: genres.map((g) => g.code),
    language: book.language,
  });
}

export async function setListing(ctx: AppContext, by: AdminActor, bookId: string, listed: boolean): Promise<AdminStoreBook> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const book = await findStoreBook(trx, bookId);
    if (!book) throw notFound(NOT_IN_STORE);
    const status = listed ? 'published' : 'unlisted';
    if (book.status === status) return; // already so: nothing to change or audit
    await trx.updateTable('books').set({ status, updatedAt: now }).where('id', '=', bookId).execute();
    await reindex(trx, bookId, listed);
    await recordAudit(trx, now, {
      ...by,
      action: listed ? 'store.book_relisted' : 'store.book_unlisted',
      targetType: 'book',
      targetId: bookId,
      detail: { title: book.title },
    });
  });
  return (await adminStoreBook(ctx, bookId))!;
}

export async function setPrice(ctx: AppContext, by: AdminActor, bookId: string, input: PriceUpdateInput) {
  const now = ctx.now();
  const errors = priceErrors(input, now);
  if (Object.keys(errors).length > 0) throw invalid(Object.values(errors)[0]!, errors);
  const after: PriceInput = input;
  const drops = await ctx.db.transaction().execute(async (trx) => {
    const book = await findStoreBook(trx, bookId);
    if (!book) throw notFound(NOT_IN_STORE);
    const before: PriceInput = book;
    await trx
      .updateTable('books')
      .set({ ...after, updatedAt: now })
      .where('id', '=', bookId)
      .execute();
    await recordAudit(trx, now, {
      ...by,
      action: 'store.price_changed',
      targetType: 'book',
      targetId: bookId,
      detail: { title: book.title, before: pricePart(before), after: pricePart(after) },
    });
    return priceDrops(before, after, now);
  });
  const priceDrop = await schedulePriceDrops(ctx, bookId, drops);
  return { book: (await adminStoreBook(ctx, bookId))!, priceDrop };
}

const pricePart = (p: PriceInput): PriceInput => ({
  priceCents: p.priceCents,
  discountPriceCents: p.discountPriceCents,
  discountStartsAt: p.discountStartsAt,
  discountEndsAt: p.discountEndsAt,
});
