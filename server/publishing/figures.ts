/**
 * Sales and reads of an author's published books, for /publishing. Sales are billing's
 * (server/billing/earnings.ts over all time: paid order lines, refunds, the author's share by the
 * royalty split), never a second definition. Readers are the distinct people other than the author
 * with a `reading_days` row for the book (written as their reading position syncs, decision 047),
 * found through its book index (migration 051). The daily rollup's `readers` counts a person once
 * per day, so its sum over days would count the same reader many times.
 */
import type { BookFigures } from '../../sync/api/publishing';
import { can } from '../../sync/roles';
import type { SessionUser } from '../auth/sessions';
import { earningsFor } from '../billing/earnings';
import { ALL_TIME } from '../billing/months';
import type { DB } from '../db/connection';

const none = (): BookFigures => ({ copiesSold: 0, copiesRefunded: 0, earnings: [], readers: 0 });

export function readersQuery(db: DB, authorId: string, bookIds: string[]) {
  return db
    .selectFrom('readingDays')
    .select((eb) => ['bookId', eb.fn.count<number>('userId').distinct().as('readers')])
    .where('bookId', 'in', bookIds)
    .where('userId', '<>', authorId)
    .groupBy('bookId');
}

/**
 * The figures of `bookIds` (store books of the author's publications) as `user` may see them: an
 * empty map for someone without 'earnings:view' (readers, reviewers), whose earnings these are not.
 */
export async function bookFigures(db: DB, user: SessionUser, bookIds: string[]): Promise<Map<string, BookFigures>> {
  if (bookIds.length === 0 || !can(user, 'earnings:view')) return new Map();
  const [{ rows }, readers] = await Promise.all([earningsFor(db, user.id, ALL_TIME), readersQuery(db, user.id, bookIds).execute()]);
  const figures = new Map(bookIds.map((id) => [id, none()]));
  for (const r of rows) {
    const f = figures.get(r.bookId);
    if (!f) continue; // a book the user earns from that is not one of these (an imprint's, a co-authored one)
    f.copiesSold += r.unitsSold;
    f.copiesRefunded += r.unitsRefunded;
    const earned = f.earnings.find((e) => e.currency === r.currency);
    if (earned) earned.cents += r.earningsCents;
    else f.earnings.push({ currency: r.currency, cents: r.earningsCents });
  }
  for (const r of readers) figures.get(r.bookId)!.readers = Number(r.readers);
  for (const f of figures.values()) f.earnings.sort((a, b) => a.currency.localeCompare(b.currency));
  return figures;
}
