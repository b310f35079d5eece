import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, dayOf } from '../../sync/analytics/days';
import { rollUpMissingDays } from '../analytics/rollup';
import { readAnalytics } from '../analytics/read-range';
import { buildTestContext, type TestContext } from '../test/test-context';
import { seedDemo } from './seed-demo';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

describe('the demo activity', () => {
  it('gives every chart ninety days to draw, once, and never sells the demo accounts’ books', async () => {
    await seedDemo(t.ctx);
    const count = async () => ({
      users: (await t.ctx.db.selectFrom('users').select('id').execute()).length,
      orders: (await t.ctx.db.selectFrom('orders').select('id').execute()).length,
      reading: (await t.ctx.db.selectFrom('readingDays').select('day').execute()).length,
    });
    const first = await count();
    await seedDemo(t.ctx);
    expect(await count()).toEqual(first);

    await rollUpMissingDays(t.ctx.db, t.ctx.now());
    const today = dayOf(t.ctx.now());
    const a = await readAnalytics(t.ctx.db, { from: addDays(today, -89), to: today });
    const total = (xs: number[]) => xs.reduce((x, y) => x + y, 0);
    expect(total(a.signUps.current)).toBeGreaterThan(150);
    expect(a.activeReaders.current.filter((n) => n > 0).length).toBeGreaterThan(80);
    expect(total(a.readingSeconds.current)).toBeGreaterThan(0);
    expect(total(a.orders.current)).toBeGreaterThan(200);
    expect(a.revenue.map((r) => r.currency)).toEqual(['USD', 'EUR']);
    expect(a.topBySales.length).toBeGreaterThan(3);
    expect(a.topByReading.length).toBeGreaterThan(3);
    // The journeys count the demo author's earnings: none of the seeded sales are of their books.
    const sold = await t.ctx.db
      .selectFrom('orderLines')
      .innerJoin('bookContributors', 'bookContributors.bookId', 'orderLines.bookId')
      .select('orderLines.id')
      .where('bookContributors.userId', 'in', ['demo-reader', 'demo-author', 'demo-publisher', 'demo-admin'])
      .execute();
    expect(sold).toEqual([]);
    // Nothing happens after now.
    const late = await t.ctx.db.selectFrom('orders').select('id').where('paidAt', '>', t.ctx.now()).execute();
    expect(late).toEqual([]);
  });
});
