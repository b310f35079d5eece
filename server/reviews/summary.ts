/**
 * The rating summary of a book: books.rating_count and books.rating_sum over its visible
 * reviews. This is the only writer of those two columns; every change to a review's rating or
 * visibility calls refreshRatingSummary inside the same transaction, so the catalogue's sort and
 * filter by rating never disagree with the reviews shown. Recounting (rather than adding and
 * subtracting) keeps it right whatever the change was; the covering index makes it cheap.
 */
import type { RatingSummary } from '../../sync/api/reviews';
import type { DB } from '../db/connection';

export async function refreshRatingSummary(db: DB, bookId: string): Promise<void> {
  await db
    .updateTable('books')
    .set((eb) => ({
      ratingCount: eb
        .selectFrom('reviews')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('reviews.bookId', '=', bookId)
        .where('reviews.hidden', '=', 0),
      ratingSum: eb
        .selectFrom('reviews')
        .select((e) => e.fn.coalesce(e.fn.sum<number>('reviews.rating'), e.lit(0)).as('s'))
        .where('reviews.bookId', '=', bookId)
        .where('reviews.hidden', '=', 0),
    }))
    .where('id', '=', bookId)
    .execute();
}

/** The stored count and mean, with the per-star histogram of visible reviews. */
export async function readRatingSummary(db: DB, bookId: string): Promise<RatingSummary> {
  const [book, stars] = await Promise.all([
    db.selectFrom('books').select(['ratingCount', 'ratingSum']).where('id', '=', bookId).executeTakeFirst(),
    db
      .selectFrom('reviews')
      .select((eb) => ['rating', eb.fn.countAll<number>().as('n')])
      .where('bookId', '=', bookId)
      .where('hidden', '=', 0)
      .groupBy('rating')
      .execute(),
  ]);
  const histogram = [0, 0, 0, 0, 0];
  for (const s of stars) histogram[s.rating - 1] = Number(s.n);
  const count = book?.ratingCount ?? 0;
  return { count, average: count ? Math.round(((book?.ratingSum ?? 0) / count) * 10) / 10 : null, histogram };
}
