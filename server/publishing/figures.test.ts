/** Sales and reads per published book on /api/publishing, against a fresh database per test. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getEarnings } from '../../sync/api/billing';
import * as api from '../../sync/api/publishing';
import { paidOrder } from '../analytics/test-facts';
import { buildUser, push } from '../sync/test-helpers';
import { queryPlan } from '../test/query-plan';
import { answerOf, buildTestContext, type TestContext } from '../test/test-context';
import { readersQuery } from './figures';
import { publishManuscript, writeManuscript } from './test-manuscript';

let t: TestContext;
const cookies: Record<string, string> = {};

const request = (who: string, path: string, init: { method?: string; json?: unknown } = {}) =>
  t.request(`/api/publishing${path}`, { ...init, cookie: cookies[who] });

beforeEach(async () => {
  t = await buildTestContext();
  cookies.owner = await buildUser(t.ctx, 'owner', ['author']);
  cookies.other = await buildUser(t.ctx, 'other', ['author']);
  cookies.reader = await buildUser(t.ctx, 'reader');
  cookies.admin = await buildUser(t.ctx, 'admin', ['admin']);
  await writeManuscript(t, cookies.owner, 'm1', 'owner');
});
afterEach(async () => t.close());

const publish = async () => (await publishManuscript(t, cookies.owner!, cookies.admin!, 'm1')).bookId!;

async function read(who: string, bookId: string) {
  const progress = {
    id: `${who}:${bookId}`,
    ownerId: who,
    bookId,
    position: { chapterId: `${bookId}-1`, quote: { exact: 'The orchard', prefix: '', suffix: ' ran' }, chapterFraction: 0.1, progress: 0.1 },
    updatedAt: 1,
    _deleted: false,
  };
  await push(t, cookies[who]!, [{ assumedMasterState: null, newDocumentState: progress }], 'library-progress');
}

const mine = async (who: string) => (await answerOf(await request(who, ''), api.listMyPublications)).items;

describe('sales and reads per published book', () => {
  it('counts a paid copy with the earnings billing shows, and each reader once; a draft has no figures', async () => {
    expect((await mine('owner'))[0]).toMatchObject({ id: 'm1', state: 'draft', figures: null });
    const bookId = await publish();
    // Published, nothing sold or read yet: zeros (the page's "No sales yet").
    expect((await mine('owner'))[0]!.figures).toEqual({ copiesSold: 0, copiesRefunded: 0, earnings: [], readers: 0 });

    await paidOrder(t.ctx, { paidAt: t.ctx.now(), currency: 'USD', lines: [{ bookId, cents: 499 }] });
    await read('reader', bookId);
    await read('reader', bookId); // the same reader again is still one reader
    await read('owner', bookId); // the author's own reading is not a read
    await expect
      .poll(async () => (await t.ctx.db.selectFrom('readingDays').select('userId').where('bookId', '=', bookId).execute()).map((r) => r.userId).sort())
      .toEqual(['owner', 'reader']);

    // The same earnings as /settings/billing shows for the book: one definition of a sale.
    const billing = await answerOf(await t.request('/api/billing/earnings', { cookie: cookies.owner }), getEarnings);
    const earned = billing.rows.find((r) => r.bookId === bookId)!;
    expect(earned).toMatchObject({ unitsSold: 1, currency: 'USD' });
    expect(earned.earningsCents).toBeGreaterThan(0);
    const figures = { copiesSold: 1, copiesRefunded: 0, earnings: [{ currency: 'USD', cents: earned.earningsCents }], readers: 1 };

    expect((await mine('owner'))[0]).toMatchObject({ id: 'm1', bookId, figures });
    expect((await answerOf(await request('owner', '/m1'), api.getPublication)).figures).toEqual(figures);
  });

  it('shows the figures to nobody but the author', async () => {
    const bookId = await publish();
    await paidOrder(t.ctx, { paidAt: t.ctx.now(), lines: [{ bookId, cents: 499 }] });
    expect((await request('other', '/m1')).status).toBe(404);
    expect(await mine('other')).toEqual([]);
    expect((await request('reader', '')).status).toBe(403);
    expect((await request('reader', '/m1')).status).toBe(403);
    // A reviewer sees the publication, but not its author's sales.
    expect((await answerOf(await request('admin', '/m1'), api.getPublication)).figures).toBeNull();
  });
});

it('counts readers through the book index (migration 051), not by scanning reading_days', async () => {
  const plan = await queryPlan(t.ctx.db, readersQuery(t.ctx.db, 'owner', ['b1', 'b2']).compile());
  expect(plan.scans, plan.text).toEqual([]);
});
