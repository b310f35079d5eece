import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startOfDay } from '../../sync/analytics/days';
import { buildUser } from '../admin/test-helpers';
import { saveStoreBook } from '../store/test-books';
import { buildTestContext, type TestContext } from '../test/test-context';
import { noteReading, READING_GAP_MAX_MS } from './reading-activity';
import { rollUpDay, rollUpMissingDays } from './rollup';
import { paidOrder } from './test-facts';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(() => t.close());

const at = (iso: string) => Date.parse(iso);

async function stored(day: string) {
  const db = t.ctx.db;
  const days = await db.selectFrom('analyticsDays').select(['day', 'signUps', 'activeReaders', 'readingSeconds']).where('day', '=', day).execute();
  const sales = await db.selectFrom('analyticsSalesDays').selectAll().where('day', '=', day).orderBy('currency').execute();
  const books = await db.selectFrom('analyticsBookDays').selectAll().where('day', '=', day).orderBy('bookId').execute();
  return { days, sales, books };
}

describe('the daily rollup', () => {
  it('counts each fact on its UTC day: the last millisecond before midnight and midnight itself fall on different days', async () => {
    const book = await saveStoreBook(t, { title: 'Midnight' });
    await buildUser(t.ctx, { createdAt: at('2026-03-01T23:59:59.999Z') });
    await buildUser(t.ctx, { createdAt: at('2026-03-02T00:00:00.000Z') });
    await buildUser(t.ctx, { createdAt: at('2026-03-02T23:30:00.000Z') });
    await paidOrder(t.ctx, { paidAt: at('2026-03-01T23:59:59.999Z'), lines: [{ bookId: book, cents: 500 }] });
    await paidOrder(t.ctx, { paidAt: at('2026-03-02T00:00:00.000Z'), lines: [{ bookId: book, cents: 700 }] });

    await rollUpDay(t.ctx.db, '2026-03-01', t.ctx.now());
    await rollUpDay(t.ctx.db, '2026-03-02', t.ctx.now());
    const first = await stored('2026-03-01');
    const second = await stored('2026-03-02');
    expect(first.days[0]).toMatchObject({ signUps: 1 });
    expect(second.days[0]).toMatchObject({ signUps: 2 });
    expect(first.sales).toEqual([{ day: '2026-03-01', currency: 'USD', orders: 1, revenueCents: 500, refundedCents: 0 }]);
    expect(second.sales).toEqual([{ day: '2026-03-02', currency: 'USD', orders: 1, revenueCents: 700, refundedCents: 0 }]);
    expect(first.books).toEqual([{ day: '2026-03-01', bookId: book, copies: 1, readingSeconds: 0, readers: 0 }]);
  });

  it('keeps currencies apart and counts a refund on the day it was made, in its order’s currency', async () => {
    const book = await saveStoreBook(t, { title: 'Two Currencies' });
    await paidOrder(t.ctx, { paidAt: at('2026-03-01T10:00:00Z'), currency: 'USD', lines: [{ bookId: book, cents: 999 }] });
    await paidOrder(t.ctx, {
      paidAt: at('2026-03-01T11:00:00Z'),
      currency: 'EUR',
      lines: [
        { bookId: book, cents: 800, refundedAt: at('2026-03-03T09:00:00Z') },
        { bookId: null, cents: 200 },
      ],
    });
    await rollUpDay(t.ctx.db, '2026-03-01', t.ctx.now());
    await rollUpDay(t.ctx.db, '2026-03-03', t.ctx.now());
    expect((await stored('2026-03-01')).sales).toEqual([
      { day: '2026-03-01', currency: 'EUR', orders: 1, revenueCents: 1000, refundedCents: 0 },
      { day: '2026-03-01', currency: 'USD', orders: 1, revenueCents: 999, refundedCents: 0 },
    ]);
    expect((await stored('2026-03-03')).sales).toEqual([{ day: '2026-03-03', currency: 'EUR', orders: 0, revenueCents: 0, refundedCents: 800 }]);
    // Copies count the book's lines only (the line without a book is not a copy of anything).
    expect((await stored('2026-03-01')).books).toEqual([{ day: '2026-03-01', bookId: book, copies: 2, readingSeconds: 0, readers: 0 }]);
  });

  it('is idempotent: rolling a day up again, after the clock moved, gives the same rows', async () => {
    const book = await saveStoreBook(t, { title: 'Again' });
    const reader = await buildUser(t.ctx, { createdAt: at('2026-03-05T08:00:00Z') });
    await paidOrder(t.ctx, { paidAt: at('2026-03-05T09:00:00Z'), lines: [{ bookId: book, cents: 450 }] });
    await noteReading(t.ctx.db, reader.id, book, at('2026-03-05T20:00:00Z'));
    await noteReading(t.ctx.db, reader.id, book, at('2026-03-05T20:01:30Z'));
    await rollUpDay(t.ctx.db, '2026-03-05', t.ctx.now());
    const once = await stored('2026-03-05');
    t.advance(3_600_000);
    await rollUpDay(t.ctx.db, '2026-03-05', t.ctx.now());
    expect(await stored('2026-03-05')).toEqual(once);
    expect(once.days).toEqual([{ day: '2026-03-05', signUps: 1, activeReaders: 1, readingSeconds: 90 }]);
    expect(once.books).toEqual([{ day: '2026-03-05', bookId: book, copies: 1, readingSeconds: 90, readers: 1 }]);
  });

  it('a re-run replaces a day whose facts changed, leaving no row of what is gone', async () => {
    const book = await saveStoreBook(t, { title: 'Gone' });
    const order = await paidOrder(t.ctx, { paidAt: at('2026-03-06T09:00:00Z'), currency: 'GBP', lines: [{ bookId: book, cents: 450 }] });
    await rollUpDay(t.ctx.db, '2026-03-06', t.ctx.now());
    expect((await stored('2026-03-06')).sales).toHaveLength(1);
    await t.ctx.db.deleteFrom('orderLines').where('orderId', '=', order).execute();
    await t.ctx.db.deleteFrom('orders').where('id', '=', order).execute();
    await rollUpDay(t.ctx.db, '2026-03-06', t.ctx.now());
    expect(await stored('2026-03-06')).toMatchObject({ sales: [], books: [] });
  });

  it('rolls up only the days never rolled up, plus yesterday and today', async () => {
    const now = t.ctx.now();
    const today = new Date(now).toISOString().slice(0, 10);
    await buildUser(t.ctx, { createdAt: now - 5 * 86_400_000 });
    const first = await rollUpMissingDays(t.ctx.db, now);
    expect(first).toHaveLength(6);
    expect(first.at(-1)).toBe(today);
    expect(await rollUpMissingDays(t.ctx.db, now)).toEqual(first.slice(-2));
    // A day with nothing in it still gets its row of zeros, so it is not rolled up again.
    const rows = await t.ctx.db.selectFrom('analyticsDays').select(['day', 'signUps']).orderBy('day').execute();
    expect(rows.map((r) => r.signUps)).toEqual([1, 0, 0, 0, 0, 0]);
    expect(rows[0]!.day).toBe(first[0]);
  });
});

describe('reading time', () => {
  it('adds the gaps between saves, ignores a break, and starts afresh on a new UTC day', async () => {
    const book = await saveStoreBook(t, { title: 'Long Read' });
    const reader = await buildUser(t.ctx);
    const day = startOfDay('2026-04-01');
    const note = (ms: number) => noteReading(t.ctx.db, reader.id, book, day + ms);
    await note(22 * 3_600_000); // 22:00
    await note(22 * 3_600_000 + 45_000); // +45 s
    await note(22 * 3_600_000 + 105_000); // +60 s
    await note(22 * 3_600_000 + 105_000 + READING_GAP_MAX_MS + 1); // a break: nothing
    await note(22 * 3_600_000 + 105_000 + READING_GAP_MAX_MS + 30_001); // +30 s
    await note(22 * 3_600_000 + 60_000); // a late, out-of-order save adds nothing
    await note(24 * 3_600_000 + 10_000); // the next day
    const rows = await t.ctx.db.selectFrom('readingDays').select(['day', 'readingMs']).where('userId', '=', reader.id).orderBy('day').execute();
    expect(rows).toEqual([
      { day: '2026-04-01', readingMs: 135_000 },
      { day: '2026-04-02', readingMs: 0 },
    ]);
  });
});
