/**
 * Reads a date range and its previous period from the rollup tables only (never the raw facts):
 * one figure per day, zero for a day with nothing in it, and the top books over each period.
 */
import type { Analytics, AnalyticsRange } from '../../sync/api/analytics';
import { TOP_BOOKS } from '../../sync/api/analytics';
import { daysOf, previousPeriod, sum, type DayRange } from '../../sync/analytics/days';
import type { DB } from '../db/connection';
import { lastRollupAt } from './rollup';

type Series = Analytics['signUps'];

/** Both periods' days, and a way to turn day-keyed values into the two aligned arrays. */
function periods(range: DayRange) {
  const previous = previousPeriod(range);
  const days = daysOf(range);
  const previousDays = daysOf(previous);
  const series = (values: Map<string, number>): Series => ({
    current: days.map((d) => values.get(d) ?? 0),
    previous: previousDays.map((d) => values.get(d) ?? 0),
  });
  return { previous, days, previousDays, series };
}

async function topBooks(db: DB, range: DayRange, by: 'copies' | 'readingSeconds') {
  return db
    .selectFrom('analyticsBookDays as d')
    .leftJoin('books', 'books.id', 'd.bookId')
    .select((eb) => [
      'd.bookId',
      eb.fn.coalesce('books.title', eb.val('A deleted book')).as('title'),
      eb.fn.sum<number>('d.copies').as('copies'),
      eb.fn.sum<number>('d.readingSeconds').as('readingSeconds'),
    ])
    .where('d.day', '>=', range.from)
    .where('d.day', '<=', range.to)
    .groupBy(['d.bookId', 'books.title'])
    .having((eb) => eb.fn.sum(by === 'copies' ? 'd.copies' : 'd.readingSeconds'), '>', 0)
    .orderBy(by === 'copies' ? 'copies' : 'readingSeconds', 'desc')
    .orderBy('title')
    .limit(TOP_BOOKS)
    .execute();
}

/** The same books' figures over another period (the previous one), by book. */
async function bookFigures(db: DB, range: DayRange, bookIds: string[]) {
  if (!bookIds.length) return new Map<string, { copies: number; readingSeconds: number }>();
  const rows = await db
    .selectFrom('analyticsBookDays')
    .select((eb) => ['bookId', eb.fn.sum<number>('copies').as('copies'), eb.fn.sum<number>('readingSeconds').as('readingSeconds')])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .where('bookId', 'in', bookIds)
    .groupBy('bookId')
    .execute();
  return new Map(rows.map((r) => [r.bookId, { copies: Number(r.copies), readingSeconds: Number(r.readingSeconds) }]));
}

export async function readAnalytics(db: DB, range: AnalyticsRange): Promise<Analytics> {
  const { previous, days, previousDays, series } = periods(range);
  const span = { from: previous.from, to: range.to };
  const dayRows = await db.selectFrom('analyticsDays').selectAll().where('day', '>=', span.from).where('day', '<=', span.to).execute();
  const by = (pick: (r: (typeof dayRows)[number]) => number) => new Map(dayRows.map((r) => [r.day, pick(r)]));
  const salesRows = await db.selectFrom('analyticsSalesDays').selectAll().where('day', '>=', span.from).where('day', '<=', span.to).execute();
  const currencies = [...new Set(salesRows.map((r) => r.currency))];
  const salesBy = (currency: string | null, pick: (r: (typeof salesRows)[number]) => number) => {
    const values = new Map<string, number>();
    for (const r of salesRows) if (currency === null || r.currency === currency) values.set(r.day, (values.get(r.day) ?? 0) + pick(r));
    return series(values);
  };
  const revenue = currencies
    .map((currency) => ({
      currency,
      revenueCents: salesBy(currency, (r) => r.revenueCents),
      refundedCents: salesBy(currency, (r) => r.refundedCents),
      orders: salesBy(currency, (r) => r.orders),
    }))
    .sort((a, b) => sum(b.revenueCents.current) - sum(a.revenueCents.current) || a.currency.localeCompare(b.currency));
  const sales = await topBooks(db, range, 'copies');
  const read = await topBooks(db, range, 'readingSeconds');
  const before = await bookFigures(db, previous, [...new Set([...sales, ...read].map((b) => b.bookId))]);
  return {
    range: { from: range.from, to: range.to },
    previous,
    days,
    previousDays,
    signUps: series(by((r) => r.signUps)),
    activeReaders: series(by((r) => r.activeReaders)),
    readingSeconds: series(by((r) => r.readingSeconds)),
    orders: salesBy(null, (r) => r.orders),
    revenue,
    topBySales: sales.map((b) => ({ bookId: b.bookId, title: b.title, copies: Number(b.copies), previousCopies: before.get(b.bookId)?.copies ?? 0 })),
    topByReading: read.map((b) => ({
      bookId: b.bookId,
      title: b.title,
      readingSeconds: Number(b.readingSeconds),
      previousReadingSeconds: before.get(b.bookId)?.readingSeconds ?? 0,
    })),
    lastRollupAt: await lastRollupAt(db),
  };
}
