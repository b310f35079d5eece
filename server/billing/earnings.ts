/**
 * An author's or publisher's earnings per book and month (UTC): every line of their books paid in
 * the range counts in the month it was paid, every line refunded in the range takes its share
 * back in the month of the refund. Which books: those naming the account as an author or
 * co-author, and those under an imprint it is a member of. The split itself is
 * sync/store/royalties.ts; it is applied to each book's authors and imprint as they are now.
 */
import { monthOf, type EarningsRole, type EarningsRow } from '../../sync/api/billing';
import { earningsOf, reverseForRefund, splitSale, type LineSplit } from '../../sync/store/royalties';
import type { DB } from '../db/connection';
import type { MonthRange } from './months';

/** Contributor roles paid as authors; editors, translators and the like are paid by contract, outside Quire. */
const AUTHOR_ROLES = ['author', 'co-author'];

interface Holding {
  title: string;
  imprint: boolean;
  /** Author and co-author contributors, in the book's order. */
  authorCount: number;
  /** Which of them are this account. */
  authorPositions: number[];
  publisher: boolean;
}

/** Ids of the books the account earns from (a subquery: never a long list of parameters). */
function bookIdsOf(db: DB, userId: string) {
  return db
    .selectFrom('bookContributors')
    .select('bookContributors.bookId')
    .where('bookContributors.userId', '=', userId)
    .where('bookContributors.role', 'in', AUTHOR_ROLES)
    .union(
      db
        .selectFrom('imprintMembers')
        .innerJoin('books', 'books.imprintId', 'imprintMembers.imprintId')
        .select('books.id as bookId')
        .where('imprintMembers.userId', '=', userId),
    );
}

function holdingQueries(db: DB, userId: string) {
  return [
    db.selectFrom('books').select(['id', 'title', 'imprintId']).where('id', 'in', bookIdsOf(db, userId)),
    db
      .selectFrom('bookContributors')
      .select(['bookId', 'userId'])
      .where('bookId', 'in', bookIdsOf(db, userId))
      .where('role', 'in', AUTHOR_ROLES)
      .orderBy('bookId')
      .orderBy('ord'),
    db.selectFrom('imprintMembers').select('imprintId').where('userId', '=', userId),
  ] as const;
}

async function holdingsOf(db: DB, userId: string): Promise<Map<string, Holding>> {
  const [booksQuery, authorsQuery, imprintsQuery] = holdingQueries(db, userId);
  const [books, authors, imprints] = await Promise.all([booksQuery.execute(), authorsQuery.execute(), imprintsQuery.execute()]);
  const myImprints = new Set(imprints.map((i) => i.imprintId));
  const holdings = new Map<string, Holding>(
    books.map((b) => [
      b.id,
      { title: b.title, imprint: b.imprintId !== null, authorCount: 0, authorPositions: [], publisher: b.imprintId !== null && myImprints.has(b.imprintId) },
    ]),
  );
  for (const a of authors) {
    const holding = holdings.get(a.bookId)!;
    if (a.userId === userId) holding.authorPositions.push(holding.authorCount);
    holding.authorCount += 1;
  }
  return holdings;
}

const roleOf = (h: Holding): EarningsRole => (h.authorPositions.length > 0 ? (h.publisher ? 'both' : 'author') : 'publisher');

function salesIn(db: DB, userId: string, range: MonthRange) {
  return db
    .selectFrom('orderLines')
    .innerJoin('orders', 'orders.id', 'orderLines.orderId')
    .select(['orderLines.bookId', 'orderLines.unitPriceCents', 'orders.totalCents', 'orders.currency', 'orders.paidAt'])
    .where('orderLines.bookId', 'in', bookIdsOf(db, userId))
    .where('orders.paidAt', '>=', range.startMs)
    .where('orders.paidAt', '<', range.endMs);
}

function refundsIn(db: DB, userId: string, range: MonthRange) {
  return db
    .selectFrom('orderLines')
    .innerJoin('orders', 'orders.id', 'orderLines.orderId')
    .select(['orderLines.bookId', 'orderLines.unitPriceCents', 'orderLines.refundedCents', 'orderLines.refundedAt', 'orders.totalCents', 'orders.currency'])
    .where('orderLines.bookId', 'in', bookIdsOf(db, userId))
    .where('orderLines.refundedAt', '>=', range.startMs)
    .where('orderLines.refundedAt', '<', range.endMs);
}

/** Every query earningsFor makes, for the query-plan test. */
export const earningsQueries = (db: DB, userId: string, range: MonthRange) => [
  ...holdingQueries(db, userId),
  salesIn(db, userId, range),
  refundsIn(db, userId, range),
];

export interface Earnings {
  bookCount: number;
  rows: EarningsRow[];
}

export async function earningsFor(db: DB, userId: string, range: MonthRange): Promise<Earnings> {
  const holdings = await holdingsOf(db, userId);
  if (holdings.size === 0) return { bookCount: 0, rows: [] };
  const [sales, refunds] = await Promise.all([salesIn(db, userId, range).execute(), refundsIn(db, userId, range).execute()]);

  const rows = new Map<string, EarningsRow>();
  const rowFor = (month: string, bookId: string, currency: string): EarningsRow => {
    const key = `${month}|${bookId}|${currency}`;
    let row = rows.get(key);
    if (!row) {
      const h = holdings.get(bookId)!;
      row = {
        month,
        bookId,
        title: h.title,
        role: roleOf(h),
        currency,
        unitsSold: 0,
        grossCents: 0,
        feeCents: 0,
        unitsRefunded: 0,
        refundedCents: 0,
        earningsCents: 0,
      };
      rows.set(key, row);
    }
    return row;
  };
  const splitOf = (bookId: string, line: { unitPriceCents: number; totalCents: number; currency: string }): [Holding, LineSplit] => {
    const h = holdings.get(bookId)!;
    return [
      h,
      splitSale({ priceCents: line.unitPriceCents, orderTotalCents: line.totalCents, currency: line.currency, authorCount: h.authorCount, imprint: h.imprint }),
    ];
  };

  for (const line of sales) {
    const [h, split] = splitOf(line.bookId!, line);
    const row = rowFor(monthOf(line.paidAt!), line.bookId!, line.currency);
    row.unitsSold += 1;
    row.grossCents += split.grossCents;
    row.feeCents += split.feeCents;
    row.earningsCents += earningsOf(split, h);
  }
  for (const line of refunds) {
    const [h, sale] = splitOf(line.bookId!, line);
    const back = reverseForRefund(sale, line.refundedCents);
    const row = rowFor(monthOf(line.refundedAt!), line.bookId!, line.currency);
    row.unitsRefunded += 1;
    row.refundedCents -= back.grossCents;
    row.earningsCents += earningsOf(back, h);
  }
  const sorted = [...rows.values()].sort((a, b) => b.month.localeCompare(a.month) || a.title.localeCompare(b.title) || a.currency.localeCompare(b.currency));
  return { bookCount: holdings.size, rows: sorted };
}
