import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getAnalytics } from '../../sync/api/analytics';
import { addDays, dayOf } from '../../sync/analytics/days';
import { buildAdmin, buildSignedInUser, buildUser } from '../admin/test-helpers';
import { saveStoreBook } from '../store/test-books';
import { push } from '../sync/test-helpers';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { noteReading } from './reading-activity';
import { rollUpDay } from './rollup';
import { paidOrder } from './test-facts';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(() => t.close());

const at = (day: string, time = '12:00:00') => Date.parse(`${day}T${time}Z`);
const rollUp = async (from: string, to: string) => {
  for (let d = from; d <= to; d = addDays(d, 1)) await rollUpDay(t.ctx.db, d, t.ctx.now());
};

describe('/api/admin/analytics', () => {
  it('is for admins only, and refuses a range that is not one with 422 on the field', async () => {
    const { cookie } = await buildSignedInUser(t.ctx, { roles: ['author', 'publisher'] });
    const q = '?from=2026-03-01&to=2026-03-07';
    expect((await t.request(`/api/admin/analytics${q}`)).status).toBe(401);
    expect((await t.request(`/api/admin/analytics${q}`, { cookie })).status).toBe(403);
    expect((await t.request(`/api/admin/analytics/export.csv${q}&chart=sign-ups`, { cookie })).status).toBe(403);
    expect((await t.request('/api/admin/analytics/refresh', { method: 'POST', cookie })).status).toBe(403);

    const admin = await buildAdmin(t.ctx);
    const backwards = await t.request('/api/admin/analytics?from=2026-03-07&to=2026-03-01', { cookie: admin.cookie });
    expect(backwards.status).toBe(422);
    expect((await errorOf(backwards)).fields).toEqual({ to: 'The range must end on or after its first day.' });
    const unreal = await t.request('/api/admin/analytics?from=2026-02-30&to=2026-03-01', { cookie: admin.cookie });
    expect((await errorOf(unreal)).fields).toEqual({ from: 'Use a date like 2026-01-31.' });
    const long = await t.request('/api/admin/analytics?from=2020-01-01&to=2026-03-01', { cookie: admin.cookie });
    expect((await errorOf(long)).fields).toEqual({ from: 'Choose at most 731 days.' });
    const noChart = await t.request(`/api/admin/analytics/export.csv${q}&chart=everything`, { cookie: admin.cookie });
    expect(noChart.status).toBe(422);
  });

  it('answers a range and the period before it from the rollup, day by day, with the top books of the range', async () => {
    const { cookie } = await buildAdmin(t.ctx, { createdAt: at('2026-01-01') });
    const moby = await saveStoreBook(t, { title: 'Moby' });
    const dick = await saveStoreBook(t, { title: 'Dick' });
    // The range: 8–10 March. The previous period: 5–7 March.
    await buildUser(t.ctx, { createdAt: at('2026-03-05') });
    for (const day of ['2026-03-08', '2026-03-08', '2026-03-10']) await buildUser(t.ctx, { createdAt: at(day) });
    await paidOrder(t.ctx, { paidAt: at('2026-03-06'), lines: [{ bookId: moby, cents: 500 }] });
    await paidOrder(t.ctx, { paidAt: at('2026-03-09'), lines: [{ bookId: dick, cents: 900 }] });
    await paidOrder(t.ctx, { paidAt: at('2026-03-09', '13:00:00'), lines: [{ bookId: dick, cents: 900 }] });
    await paidOrder(t.ctx, { paidAt: at('2026-03-10'), currency: 'EUR', lines: [{ bookId: moby, cents: 800 }] });
    const reader = await buildUser(t.ctx, { createdAt: at('2026-01-02') });
    await noteReading(t.ctx.db, reader.id, moby, at('2026-03-08'));
    await noteReading(t.ctx.db, reader.id, moby, at('2026-03-08', '12:02:00'));
    await noteReading(t.ctx.db, reader.id, dick, at('2026-03-06'));
    await noteReading(t.ctx.db, reader.id, dick, at('2026-03-06', '12:01:00'));
    const before = t.ctx.now();
    await rollUp('2026-03-05', '2026-03-10');

    const res = await t.request('/api/admin/analytics?from=2026-03-08&to=2026-03-10', { cookie });
    expect(res.status).toBe(200);
    const a = await answerOf(res, getAnalytics);
    expect(a.previous).toEqual({ from: '2026-03-05', to: '2026-03-07' });
    expect(a.days).toEqual(['2026-03-08', '2026-03-09', '2026-03-10']);
    expect(a.previousDays).toEqual(['2026-03-05', '2026-03-06', '2026-03-07']);
    expect(a.signUps).toEqual({ current: [2, 0, 1], previous: [1, 0, 0] });
    expect(a.activeReaders).toEqual({ current: [1, 0, 0], previous: [0, 1, 0] });
    expect(a.readingSeconds).toEqual({ current: [120, 0, 0], previous: [0, 60, 0] });
    expect(a.orders).toEqual({ current: [0, 2, 1], previous: [0, 1, 0] });
    expect(a.revenue).toEqual([
      {
        currency: 'USD',
        revenueCents: { current: [0, 1800, 0], previous: [0, 500, 0] },
        refundedCents: { current: [0, 0, 0], previous: [0, 0, 0] },
        orders: { current: [0, 2, 0], previous: [0, 1, 0] },
      },
      {
        currency: 'EUR',
        revenueCents: { current: [0, 0, 800], previous: [0, 0, 0] },
        refundedCents: { current: [0, 0, 0], previous: [0, 0, 0] },
        orders: { current: [0, 0, 1], previous: [0, 0, 0] },
      },
    ]);
    expect(a.topBySales).toEqual([
      { bookId: dick, title: 'Dick', copies: 2, previousCopies: 0 },
      { bookId: moby, title: 'Moby', copies: 1, previousCopies: 1 },
    ]);
    expect(a.topByReading).toEqual([{ bookId: moby, title: 'Moby', readingSeconds: 120, previousReadingSeconds: 0 }]);
    expect(a.lastRollupAt).toBeGreaterThanOrEqual(before);
    expect(a.lastRollupAt).toBeLessThanOrEqual(t.ctx.now());
  });

  it('exports each chart as CSV: a row per day beside the previous period’s, money per currency in major units', async () => {
    const { cookie } = await buildAdmin(t.ctx, { createdAt: at('2026-01-01') });
    const book = await saveStoreBook(t, { title: 'Commas, "Quotes" and =SUM(A1)' });
    await buildUser(t.ctx, { createdAt: at('2026-03-02') });
    await paidOrder(t.ctx, { paidAt: at('2026-03-02'), currency: 'EUR', lines: [{ bookId: book, cents: 1250 }] });
    await paidOrder(t.ctx, {
      paidAt: at('2026-03-02', '14:00:00'),
      currency: 'EUR',
      lines: [{ bookId: book, cents: 1250, refundedAt: at('2026-03-02', '15:00:00') }],
    });
    await rollUp('2026-02-28', '2026-03-03');
    const csv = async (chart: string) => {
      const res = await t.request(`/api/admin/analytics/export.csv?from=2026-03-02&to=2026-03-03&chart=${chart}`, { cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="quire-${chart}-2026-03-02-to-2026-03-03.csv"`);
      return res.text();
    };
    expect(await csv('sign-ups')).toBe('day,sign_ups,previous_day,previous_sign_ups\r\n2026-03-02,1,2026-02-28,0\r\n2026-03-03,0,2026-03-01,0\r\n');
    expect(await csv('revenue')).toBe(
      'day,currency,orders,revenue,refunded,previous_day,previous_orders,previous_revenue,previous_refunded\r\n' +
        '2026-03-02,EUR,2,25.00,12.50,2026-02-28,0,0.00,0.00\r\n' +
        '2026-03-03,EUR,0,0.00,0.00,2026-03-01,0,0.00,0.00\r\n',
    );
    // A title with commas and quotes stays one cell.
    expect(await csv('top-sales')).toBe(`rank,book_id,title,copies,previous_copies\r\n1,${book},"Commas, ""Quotes"" and =SUM(A1)",2,0\r\n`);
  });

  it('records reading from the positions a device pushes, and the refresh rolls today up', async () => {
    const moby = await saveStoreBook(t, { title: 'Moby' });
    const { user, cookie } = await buildSignedInUser(t.ctx);
    const admin = await buildAdmin(t.ctx);
    const progress = (n: number) => ({
      id: `${user.id}:${moby}`,
      ownerId: user.id,
      bookId: moby,
      position: { chapterId: `${moby}-1`, quote: { exact: 'The first', prefix: '', suffix: ' chapter' }, chapterFraction: n / 10, progress: n / 20 },
      updatedAt: n,
      _deleted: false,
    });
    await push(t, cookie, [{ assumedMasterState: null, newDocumentState: progress(1) }], 'library-progress');
    t.advance(40_000);
    await push(t, cookie, [{ assumedMasterState: progress(1), newDocumentState: progress(2) }], 'library-progress');
    const today = dayOf(t.ctx.now());
    // The 40 s the test moved the clock, and the moments the pushes themselves took.
    const readingMs = async () =>
      (await t.ctx.db.selectFrom('readingDays').select('readingMs').where('userId', '=', user.id).executeTakeFirst())?.readingMs ?? 0;
    await expect.poll(readingMs).toBeGreaterThanOrEqual(40_000);
    const seconds = Math.round((await readingMs()) / 1000);
    expect(seconds).toBeLessThan(45);

    const refreshed = await t.request('/api/admin/analytics/refresh', { method: 'POST', cookie: admin.cookie });
    expect(refreshed.status).toBe(200);
    const a = await answerOf(await t.request(`/api/admin/analytics?from=${today}&to=${today}`, { cookie: admin.cookie }), getAnalytics);
    expect(a.activeReaders.current).toEqual([1]);
    expect(a.readingSeconds.current).toEqual([seconds]);
    expect(a.topByReading).toEqual([{ bookId: moby, title: 'Moby', readingSeconds: seconds, previousReadingSeconds: 0 }]);
  });
});
