/**
 * The daily rollup: one UTC day's raw facts (accounts made, reading_days, paid orders, refunds)
 * summed into the analytics tables the charts read. A day's rows are computed, then replace the
 * stored ones in one transaction, so rolling a day up again gives the same rows (idempotent) and
 * a chart never sees half a day. Sales count on the day the order was paid; a refund on the day it
 * was made, in its order's currency; currencies are never added together.
 */
import { sql } from 'kysely';
import { addDays, dayOf, DAY_MS, startOfDay } from '../../sync/analytics/days';
import type { DB } from '../db/connection';

/** Days older than this are never backfilled (a new rollup table on an old site fills this far back). */
const BACKFILL_DAYS = 400;

async function salesOf(db: DB, start: number, end: number) {
  const paid = await db
    .selectFrom('orders')
    .select(['currency', (eb) => eb.fn.countAll<number>().as('orders'), (eb) => eb.fn.sum<number>('totalCents').as('revenue')])
    .where('paidAt', '>=', start)
    .where('paidAt', '<', end)
    .groupBy('currency')
    .execute();
  const refunds = await db
    .selectFrom('orderLines')
    .innerJoin('orders', 'orders.id', 'orderLines.orderId')
    .select(['orders.currency', (eb) => eb.fn.sum<number>('orderLines.refundedCents').as('refunded')])
    .where('orderLines.refundedAt', '>=', start)
    .where('orderLines.refundedAt', '<', end)
    .groupBy('orders.currency')
    .execute();
  const byCurrency = new Map<string, { orders: number; revenueCents: number; refundedCents: number }>();
  const row = (currency: string) => byCurrency.get(currency) ?? byCurrency.set(currency, { orders: 0, revenueCents: 0, refundedCents: 0 }).get(currency)!;
  for (const p of paid) Object.assign(row(p.currency), { orders: Number(p.orders), revenueCents: Number(p.revenue) });
  for (const r of refunds) row(r.currency).refundedCents = Number(r.refunded);
  return byCurrency;
}

async function booksOf(db: DB, day: string, start: number, end: number) {
  const copies = await db
    .selectFrom('orderLines')
    .innerJoin('orders', 'orders.id', 'orderLines.orderId')
    .select(['orderLines.bookId', (eb) => eb.fn.countAll<number>().as('copies')])
    .where('orders.paidAt', '>=', start)
    .where('orders.paidAt', '<', end)
    .where('orderLines.bookId', 'is not', null)
    .groupBy('orderLines.bookId')
    .execute();
  const reading = await db
    .selectFrom('readingDays')
    .select(['bookId', (eb) => eb.fn.sum<number>('readingMs').as('ms'), (eb) => eb.fn.countAll<number>().as('readers')])
    .where('day', '=', day)
    .groupBy('bookId')
    .execute();
  const byBook = new Map<string, { copies: number; readingSeconds: number; readers: number }>();
  const row = (bookId: string) => byBook.get(bookId) ?? byBook.set(bookId, { copies: 0, readingSeconds: 0, readers: 0 }).get(bookId)!;
  for (const c of copies) row(c.bookId!).copies = Number(c.copies);
  for (const r of reading) Object.assign(row(r.bookId), { readingSeconds: Math.round(Number(r.ms) / 1000), readers: Number(r.readers) });
  return byBook;
}

/** Rolls one UTC day up from the raw facts, replacing what was stored for it. */
export async function rollUpDay(db: DB, day: string, now: number): Promise<void> {
  const start = startOfDay(day);
  const end = start + DAY_MS;
  await db.transaction().execute(async (trx) => {
    const signUps = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('createdAt', '>=', start)
      .where('createdAt', '<', end)
      .executeTakeFirstOrThrow();
    const reading = await trx
      .selectFrom('readingDays')
      .select([(eb) => eb.fn.count<number>('userId').distinct().as('readers'), (eb) => eb.fn.sum<number>('readingMs').as('ms')])
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    const sales = await salesOf(trx, start, end);
    const books = await booksOf(trx, day, start, end);
    await trx.deleteFrom('analyticsSalesDays').where('day', '=', day).execute();
    await trx.deleteFrom('analyticsBookDays').where('day', '=', day).execute();
    await trx
      .insertInto('analyticsDays')
      .values({
        day,
        signUps: Number(signUps.n),
        activeReaders: Number(reading.readers),
        readingSeconds: Math.round(Number(reading.ms ?? 0) / 1000),
        rolledUpAt: now,
      })
      .onConflict((oc) =>
        oc.column('day').doUpdateSet((eb) => ({
          signUps: eb.ref('excluded.signUps'),
          activeReaders: eb.ref('excluded.activeReaders'),
          readingSeconds: eb.ref('excluded.readingSeconds'),
          rolledUpAt: eb.ref('excluded.rolledUpAt'),
        })),
      )
      .execute();
    if (sales.size)
      await trx
        .insertInto('analyticsSalesDays')
        .values([...sales].map(([currency, s]) => ({ day, currency, ...s })))
        .execute();
    if (books.size)
      await trx
        .insertInto('analyticsBookDays')
        .values([...books].map(([bookId, b]) => ({ day, bookId, ...b })))
        .execute();
  });
}

/** The first day any raw fact exists, or null on an empty site. */
async function firstDataDay(db: DB): Promise<string | null> {
  const { firstUser } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.min<number | null>('createdAt').as('firstUser'))
    .executeTakeFirstOrThrow();
  const { firstPaid } = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.min<number | null>('paidAt').as('firstPaid'))
    .where('paidAt', 'is not', null)
    .executeTakeFirstOrThrow();
  const { firstRead } = await db
    .selectFrom('readingDays')
    .select((eb) => eb.fn.min<string | null>('day').as('firstRead'))
    .executeTakeFirstOrThrow();
  const days = [firstUser, firstPaid].filter((ms): ms is number => ms !== null).map(dayOf);
  if (firstRead) days.push(firstRead);
  return days.length ? days.sort()[0]! : null;
}

/**
 * The incremental run: every day since the first raw fact (at most BACKFILL_DAYS back) that has
 * never been rolled up, and always yesterday and today, which may still change. Returns the days rolled.
 */
export async function rollUpMissingDays(db: DB, now: number): Promise<string[]> {
  const today = dayOf(now);
  const first = await firstDataDay(db);
  const oldest = addDays(today, -BACKFILL_DAYS);
  const from = first === null ? addDays(today, -1) : first < oldest ? oldest : first;
  const done = await db.selectFrom('analyticsDays').select('day').where('day', '>=', from).where('day', '<', addDays(today, -1)).execute();
  const rolled = new Set(done.map((d) => d.day));
  const days: string[] = [];
  for (let day = from; day <= today; day = addDays(day, 1)) {
    if (!rolled.has(day)) days.push(day);
  }
  for (const day of days) await rollUpDay(db, day, now);
  return days;
}

/** When the rollup last ran, or null before it ever has. */
export async function lastRollupAt(db: DB): Promise<number | null> {
  const row = await db
    .selectFrom('analyticsDays')
    .select(sql<number | null>`max(rolled_up_at)`.as('at'))
    .executeTakeFirstOrThrow();
  return row.at;
}
