/**
 * Earnings through the HTTP API against a real SQLite file: books bought with the test provider,
 * refunded by an admin, read back by their authors and publisher per book and month, and as CSV.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as billing from '../../sync/api/billing';
import * as checkout from '../../sync/api/checkout';
import { reverseForRefund, splitSale } from '../../sync/store/royalties';
import { buildAdmin, buildSignedInUser, signIn } from '../admin/test-helpers';
import { newId } from '../http/ids';
import { saveStoreBook } from '../store/test-books';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { earningsQueries } from './earnings';
import { resolveMonthRange } from './months';
import { queryPlan } from '../test/query-plan';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(() => t.close());

/** Sets the test clock to an instant (UTC). */
const at = (iso: string) => t.advance(Date.parse(iso) - t.ctx.now());

async function buy(cookie: string, bookIds: string[]): Promise<string> {
  const started = await answerOf(await t.request('/api/checkout', { method: 'POST', cookie, json: { bookIds } }), checkout.startCheckout);
  const sessionId = started.url.replace('/checkout/test-pay/', '');
  const paid = await t.request(`/api/payments/test/${sessionId}/pay`, { method: 'POST', cookie, json: { cardNumber: '4242 4242 4242 4242' } });
  expect(paid.status).toBe(200);
  return started.orderId!;
}

async function refundLine(orderId: string, bookId: string) {
  const admin = await buildAdmin(t.ctx);
  const { order } = await answerOf(await t.request(`/api/admin/orders/${orderId}`, { cookie: admin.cookie }), checkout.getAdminOrder);
  const line = order.lines.find((l) => l.bookId === bookId)!;
  const res = await t.request(`/api/admin/orders/${orderId}/refund`, { method: 'POST', cookie: admin.cookie, json: { lineIds: [line.id] } });
  expect(res.status).toBe(200);
}

const earnings = async (cookie: string, search = '') => answerOf(await t.request(`/api/billing/earnings${search}`, { cookie }), billing.getEarnings);

/**
 * Ada writes "Ada's Book" (self-published, 8.99) and co-writes "The Imprint Book" (12.99, under
 * Pia's imprint, with a second author who has no account); Ben writes "Ben's Book" (5.00).
 */
async function catalogue() {
  const ada = await buildSignedInUser(t.ctx, { roles: ['author'] });
  const ben = await buildSignedInUser(t.ctx, { roles: ['author'] });
  const pia = await buildSignedInUser(t.ctx, { roles: ['publisher'] });
  const imprintId = newId();
  await t.ctx.db.insertInto('imprints').values({ id: imprintId, name: 'Lantern House', ownerId: pia.user.id, createdAt: t.ctx.now() }).execute();
  await t.ctx.db.insertInto('imprintMembers').values({ imprintId, userId: pia.user.id, role: 'owner' }).execute();
  const adas = await saveStoreBook(t, { title: 'Ada’s Book', priceCents: 899, authorUserId: ada.user.id });
  const bens = await saveStoreBook(t, { title: 'Ben’s Book', priceCents: 500, authorUserId: ben.user.id });
  const imprintBook = await saveStoreBook(t, {
    title: 'The Imprint Book',
    priceCents: 1299,
    authors: ['Ada Author', 'Cy Coauthor'],
    authorUserId: ada.user.id,
  });
  await t.ctx.db.updateTable('books').set({ imprintId }).where('id', '=', imprintBook).execute();
  const reader = await buildSignedInUser(t.ctx);
  return { ada, ben, pia, reader, adas, bens, imprintBook };
}

describe('GET /api/billing/earnings', () => {
  it('shows an author only their own books, per book and month, from the documented split', async () => {
    at('2025-03-10T12:00:00Z');
    const c = await catalogue();
    await buy(c.reader.cookie, [c.adas, c.imprintBook]); // one order: the fee is shared by price
    await buy(c.reader.cookie, [c.bens]);

    const adaSplit = splitSale({ priceCents: 899, orderTotalCents: 2198, currency: 'USD', authorCount: 1, imprint: false });
    const imprintSplit = splitSale({ priceCents: 1299, orderTotalCents: 2198, currency: 'USD', authorCount: 2, imprint: true });
    const ada = await earnings(c.ada.cookie, '?from=2025-03&to=2025-03');
    expect(ada.from).toBe('2025-03');
    expect(ada.bookCount).toBe(2);
    expect(ada.rows).toEqual([
      {
        month: '2025-03',
        bookId: c.adas,
        title: 'Ada’s Book',
        role: 'author',
        currency: 'USD',
        unitsSold: 1,
        grossCents: 899,
        feeCents: adaSplit.feeCents,
        unitsRefunded: 0,
        refundedCents: 0,
        earningsCents: adaSplit.authorCents[0],
      },
      {
        month: '2025-03',
        bookId: c.imprintBook,
        title: 'The Imprint Book',
        role: 'author',
        currency: 'USD',
        unitsSold: 1,
        grossCents: 1299,
        feeCents: imprintSplit.feeCents,
        unitsRefunded: 0,
        refundedCents: 0,
        earningsCents: imprintSplit.authorCents[0],
      },
    ]);
    // The numbers themselves: 2.9 % + 30¢ of 21.98 is 94¢, 38¢ of it on the 8.99 line, and 70 % of
    // the rest; on the 12.99 line 56¢, then 25 % of the imprint's 70 % of 12.43, in two.
    expect([adaSplit.feeCents, adaSplit.authorCents[0]]).toEqual([38, 603]);
    expect([imprintSplit.feeCents, ...imprintSplit.authorCents]).toEqual([56, 109, 109]);

    const ben = await earnings(c.ben.cookie, '?from=2025-03&to=2025-03');
    expect(ben.rows.map((r) => [r.title, r.earningsCents])).toEqual([
      ['Ben’s Book', splitSale({ priceCents: 500, orderTotalCents: 500, currency: 'USD', authorCount: 1, imprint: false }).authorCents[0]],
    ]);
  });

  it('shows a publisher the imprint’s books and the imprint’s share', async () => {
    at('2025-03-10T12:00:00Z');
    const c = await catalogue();
    await buy(c.reader.cookie, [c.imprintBook]);
    const pia = await earnings(c.pia.cookie, '?from=2025-03&to=2025-03');
    expect(pia.bookCount).toBe(1);
    expect(pia.rows).toHaveLength(1);
    expect(pia.rows[0]).toMatchObject({ bookId: c.imprintBook, role: 'publisher', unitsSold: 1, grossCents: 1299 });
    expect(pia.rows[0]!.earningsCents).toBe(
      splitSale({ priceCents: 1299, orderTotalCents: 1299, currency: 'USD', authorCount: 2, imprint: true }).publisherCents,
    );
  });

  it('books a refund in the month it happens, taking back what the sale earned', async () => {
    at('2025-03-31T23:30:00Z');
    const c = await catalogue();
    const orderId = await buy(c.reader.cookie, [c.adas]);
    at('2025-04-02T09:00:00Z');
    await refundLine(orderId, c.adas);
    const cookie = await signIn(t.ctx, c.ada.user.id);

    const sale = splitSale({ priceCents: 899, orderTotalCents: 899, currency: 'USD', authorCount: 1, imprint: false });
    const both = await earnings(cookie, '?from=2025-03&to=2025-04');
    expect(both.rows.map((r) => [r.month, r.unitsSold, r.unitsRefunded, r.refundedCents, r.earningsCents])).toEqual([
      ['2025-04', 0, 1, 899, reverseForRefund(sale, 899).authorCents[0]],
      ['2025-03', 1, 0, 0, sale.authorCents[0]],
    ]);
    expect(both.rows.reduce((sum, r) => sum + r.earningsCents, 0)).toBe(0);
    // March alone still shows the sale; April alone only the refund.
    expect((await earnings(cookie, '?from=2025-03&to=2025-03')).rows.map((r) => r.earningsCents)).toEqual([sale.authorCents[0]]);
    expect((await earnings(cookie, '?from=2025-04&to=2025-04')).rows.map((r) => r.earningsCents)).toEqual([-sale.authorCents[0]!]);
  });

  it('refuses readers (403) and visitors (401), JSON and CSV alike', async () => {
    const c = await catalogue();
    for (const path of ['/api/billing/earnings', '/api/billing/earnings.csv']) {
      const reader = await t.request(path, { cookie: c.reader.cookie });
      expect(reader.status).toBe(403);
      expect((await errorOf(reader)).code).toBe('forbidden');
      expect((await t.request(path)).status).toBe(401);
    }
  });

  it('says when an author has no books yet, and defaults to the last twelve months', async () => {
    at('2025-02-14T12:00:00Z');
    const newcomer = await buildSignedInUser(t.ctx, { roles: ['author'] });
    expect(await earnings(newcomer.cookie)).toEqual({ from: '2024-03', to: '2025-02', bookCount: 0, rows: [] });
  });

  it('answers a bad month range with 422 on the field at fault', async () => {
    const c = await catalogue();
    const cases: [string, string][] = [
      ['?from=2025-13', 'from'],
      ['?to=25-01', 'to'],
      ['?from=2025-05&to=2025-04', 'to'],
      ['?from=2010-01&to=2025-04', 'from'],
    ];
    for (const [search, field] of cases) {
      const res = await t.request(`/api/billing/earnings${search}`, { cookie: c.ada.cookie });
      expect(res.status, search).toBe(422);
      expect(Object.keys((await errorOf(res)).fields ?? {}), search).toEqual([field]);
      expect((await t.request(`/api/billing/earnings.csv${search}`, { cookie: c.ada.cookie })).status, search).toBe(422);
    }
  });
});

describe('GET /api/billing/earnings.csv', () => {
  it('is an attachment with a header row, exact decimals and quoted text', async () => {
    at('2025-03-10T12:00:00Z');
    const c = await catalogue();
    await t.ctx.db.updateTable('books').set({ title: 'Salt, "Iron" & =Sea' }).where('id', '=', c.adas).execute();
    const orderId = await buy(c.reader.cookie, [c.adas]);
    at('2025-04-02T09:00:00Z');
    await refundLine(orderId, c.adas);
    const cookie = await signIn(t.ctx, c.ada.user.id);

    const res = await t.request('/api/billing/earnings.csv?from=2025-03&to=2025-04', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="quire-earnings-2025-03-to-2025-04.csv"');
    const text = await res.text();
    const sale = splitSale({ priceCents: 899, orderTotalCents: 899, currency: 'USD', authorCount: 1, imprint: false });
    const earned = (sale.authorCents[0]! / 100).toFixed(2);
    const fee = (sale.feeCents / 100).toFixed(2);
    expect(text.split('\r\n')).toEqual([
      'month,book_id,title,role,currency,units_sold,gross_sales,payment_fees,units_refunded,refunds,earnings',
      `2025-04,${c.adas},"Salt, ""Iron"" & =Sea",author,USD,0,0.00,0.00,1,8.99,-${earned}`,
      `2025-03,${c.adas},"Salt, ""Iron"" & =Sea",author,USD,1,8.99,${fee},0,0.00,${earned}`,
      '',
    ]);
  });

  it('is only a header row when nothing sold', async () => {
    const c = await catalogue();
    const res = await t.request('/api/billing/earnings.csv', { cookie: c.ben.cookie });
    expect(await res.text()).toBe('month,book_id,title,role,currency,units_sold,gross_sales,payment_fees,units_refunded,refunds,earnings\r\n');
  });
});

it('reads through indexes: no earnings query scans a table', async () => {
  const range = resolveMonthRange({ from: '2025-01', to: '2025-12' }, Date.now());
  for (const query of earningsQueries(t.ctx.db, 'someone', range)) {
    const plan = await queryPlan(t.ctx.db, query.compile());
    expect(plan.scans, plan.text).toEqual([]);
  }
});
