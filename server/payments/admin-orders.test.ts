/** /admin/orders: finding an order by number or buyer e-mail, and an order's history with its refunds. */
import type { CompiledQuery } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as api from '../../sync/api/checkout';
import { buildAdmin, buildSignedInUser } from '../admin/test-helpers';
import { saveStoreBook } from '../store/test-books';
import { answerOf, buildTestContext, type TestContext } from '../test/test-context';
import { adminOrders } from './orders';
import { checkout } from './test-helpers';
import { queryPlan } from '../test/query-plan';

let t: TestContext;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
beforeEach(async () => {
  t = await buildTestContext();
  admin = await buildAdmin(t.ctx, { username: 'ada_admin' });
});
afterEach(() => t.close());

async function buy(cookie: string, bookIds: string[], card = '4242424242424242') {
  const started = await answerOf(await checkout(t, cookie, { bookIds }), api.startCheckout);
  const sessionId = started.url.replace('/checkout/test-pay/', '');
  await t.request(`/api/payments/test/${sessionId}/pay`, { method: 'POST', cookie, json: { cardNumber: card } });
  return started.orderId!;
}
const find = async (query: string) =>
  (await answerOf(await t.request(`/api/admin/orders?${query}`, { cookie: admin.cookie }), api.listAdminOrders)).items.map((o) => o.number);

describe('the admin order list', () => {
  it('finds orders by number (Q-000002, q2 or 2) or by the start of the buyer’s e-mail, then or now, with the status filter', async () => {
    const [one, two] = [await saveStoreBook(t, { title: 'One', priceCents: 300 }), await saveStoreBook(t, { title: 'Two', priceCents: 400 })];
    const alice = await buildSignedInUser(t.ctx, { email: 'alice@example.test' });
    const bob = await buildSignedInUser(t.ctx, { email: 'bob@example.test' });
    await buy(alice.cookie, [one]);
    t.advance(1000);
    await buy(bob.cookie, [one], '4000000000000002');
    t.advance(1000);
    await buy(bob.cookie, [two]);

    expect(await find('')).toEqual(['Q-000003', 'Q-000002', 'Q-000001']);
    for (const q of ['Q-000002', 'q2', '2', '  q-2 ']) expect(await find(`q=${encodeURIComponent(q)}`), q).toEqual(['Q-000002']);
    expect(await find('q=ali')).toEqual(['Q-000001']);
    expect(await find('q=BOB%40')).toEqual(['Q-000003', 'Q-000002']);
    expect(await find('q=bob&status=paid')).toEqual(['Q-000003']);
    expect(await find('q=bob&status=failed')).toEqual(['Q-000002']);
    expect(await find('q=carol')).toEqual([]);
    // A buyer who changed their address since is found by the new one too.
    await t.ctx.db.updateTable('users').set({ email: 'alice.new@example.test' }).where('id', '=', alice.user.id).execute();
    expect(await find('q=alice.new')).toEqual(['Q-000001']);
    expect((await t.request('/api/admin/orders?q=x', { cookie: alice.cookie })).status).toBe(403);
  });

  it('answers every search from an index', async () => {
    // Record each query the list runs (as compiled, after the camelCase plugin), then ask the database for its plan.
    const compiled: CompiledQuery[] = [];
    const db = t.ctx.db.withPlugin({
      transformQuery: (a) => {
        compiled.push(t.ctx.db.getExecutor().compileQuery(a.node, a.queryId));
        return a.node;
      },
      transformResult: async (a) => a.result,
    });
    for (const q of ['Q-000001', 'bob@', '']) await adminOrders({ ...t.ctx, db }, { q, page: 1, status: q ? undefined : 'paid' });
    const orderQueries = compiled.filter((c) => /from "orders"/.test(c.sql));
    expect(orderQueries.length).toBeGreaterThanOrEqual(6);
    for (const query of orderQueries) {
      const plan = await queryPlan(t.ctx.db, query);
      expect(
        plan.scans.filter((s) => ['orders', 'users'].includes(s)),
        plan.text,
      ).toEqual([]);
    }
  });
});

describe('an order’s page', () => {
  it('tells its history: placed, paid, each refund asked for (by whom) and confirmed', async () => {
    const [one, two] = [await saveStoreBook(t, { title: 'One', priceCents: 300 }), await saveStoreBook(t, { title: 'Two', priceCents: 400 })];
    const buyer = await buildSignedInUser(t.ctx, { email: 'reader@example.test' });
    const orderId = await buy(buyer.cookie, [one, two]);
    const before = await answerOf(await t.request(`/api/admin/orders/${orderId}`, { cookie: admin.cookie }), api.getAdminOrder);
    expect(before.order.buyer).toMatchObject({ id: buyer.user.id, email: 'reader@example.test' });
    expect(before.history.map((e) => [e.kind, e.label])).toEqual([
      ['placed', 'Placed by reader@example.test'],
      ['paid', 'Paid $7.00'],
    ]);

    t.advance(1000);
    const line = before.order.lines.find((l) => l.title === 'Two')!;
    await t.request(`/api/admin/orders/${orderId}/refund`, { method: 'POST', cookie: admin.cookie, json: { lineIds: [line.id] } });
    const after = await answerOf(await t.request(`/api/admin/orders/${orderId}`, { cookie: admin.cookie }), api.getAdminOrder);
    expect(after.order).toMatchObject({ status: 'partially_refunded', refundedCents: 400 });
    expect(after.history.map((e) => [e.kind, e.label])).toEqual([
      ['placed', 'Placed by reader@example.test'],
      ['paid', 'Paid $7.00'],
      ['refund_requested', 'Refund asked for by @ada_admin: Two ($4.00)'],
      ['refunded', 'Refunded $4.00: Two'],
    ]);
    expect((await t.request('/api/admin/orders/nope', { cookie: admin.cookie })).status).toBe(404);
  });

  it('shows a failed payment with the bank’s reason', async () => {
    const book = await saveStoreBook(t, { title: 'One', priceCents: 300 });
    const buyer = await buildSignedInUser(t.ctx, { email: 'declined@example.test' });
    const orderId = await buy(buyer.cookie, [book], '4000000000000002');
    const { history } = await answerOf(await t.request(`/api/admin/orders/${orderId}`, { cookie: admin.cookie }), api.getAdminOrder);
    expect(history.map((e) => e.kind)).toEqual(['placed', 'failed']);
    expect(history[1]!.label).toMatch(/^Payment failed: /);
  });
});
