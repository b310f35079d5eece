/**
 * Checkout and orders through the HTTP API with the built-in test provider (no Stripe keys):
 * who may buy what, at whose price, who may read and refund an order, and the test cards.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as api from '../../sync/api/checkout';
import { buildAdmin, buildSignedInUser } from '../admin/test-helpers';
import { saveSiteSettings } from '../site/settings';
import { saveStoreBook } from '../store/test-books';
import { pullPage } from '../sync/store';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { getStoreHome } from '../../sync/api/store';
import { bestsellerBookIds } from './bestsellers';
import { buyerAndBooks, checkout } from './test-helpers';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(() => t.close());

const library = (userId: string) => t.ctx.db.selectFrom('libraryEntries').select(['bookId', 'source']).where('userId', '=', userId).execute();
const orderCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const notices = async (userId: string) => (await pullPage(t.ctx.db, 'notifications', userId, null, 100)).documents.map((d) => String(d.title));

async function startPaid(cookie: string, bookIds: string[]) {
  const started = await answerOf(await checkout(t, cookie, { bookIds }), api.startCheckout);
  const sessionId = started.url.replace('/checkout/test-pay/', '');
  return { orderId: started.orderId!, sessionId, url: started.url };
}
const pay = (cookie: string, sessionId: string, cardNumber: string) =>
  t.request(`/api/payments/test/${sessionId}/pay`, { method: 'POST', cookie, json: { cardNumber } });

describe('the test provider', () => {
  it('pays with 4242 4242 4242 4242: order paid, book in the library, a notice on every device', async () => {
    const { buyer, bookIds } = await buyerAndBooks(t, [700]);
    const { orderId, sessionId, url } = await startPaid(buyer.cookie, bookIds);
    expect(url).toMatch(/^\/checkout\/test-pay\/cs_test_\w+$/);
    const res = await pay(buyer.cookie, sessionId, '4242 4242 4242 4242');
    expect(res.status).toBe(200);
    expect(await answerOf(res, api.payTestSession)).toEqual({ orderId, status: 'paid', url: `/checkout/success?order=${orderId}` });
    expect(await library(buyer.user.id)).toEqual([{ bookId: bookIds[0], source: 'purchase' }]);
    expect(await notices(buyer.user.id)).toEqual(['Purchase complete: Book 1 is in your library']);
    const { order } = await answerOf(await t.request(`/api/orders/${orderId}`, { cookie: buyer.cookie }), api.getMyOrder);
    expect(order).toMatchObject({ status: 'paid', totalCents: 700, number: 'Q-000001', seller: { name: 'Quire' } });
    // Paying again is refused; the order stays paid once.
    expect((await pay(buyer.cookie, sessionId, '4242424242424242')).status).toBe(409);
  });

  it('declines 4000 0000 0000 0002 with a clear message: order failed, nothing in the library', async () => {
    const { buyer, bookIds } = await buyerAndBooks(t, [700]);
    const { orderId, sessionId } = await startPaid(buyer.cookie, bookIds);
    const res = await pay(buyer.cookie, sessionId, '4000 0000 0000 0002');
    expect(res.status).toBe(422);
    const error = await errorOf(res);
    expect(error.message).toMatch(/declined/);
    expect(error.fields?.cardNumber).toMatch(/declined/);
    expect(await library(buyer.user.id)).toEqual([]);
    const { order } = await answerOf(await t.request(`/api/orders/${orderId}`, { cookie: buyer.cookie }), api.getMyOrder);
    expect(order.status).toBe('failed');
    expect(order.failureMessage).toMatch(/did not go through/);
  });

  it('refuses other card numbers (422) and other people’s sessions (404)', async () => {
    const { buyer, bookIds } = await buyerAndBooks(t, [700]);
    const { sessionId } = await startPaid(buyer.cookie, bookIds);
    expect((await pay(buyer.cookie, sessionId, '1234 5678 9012 3456')).status).toBe(422);
    const stranger = await buildSignedInUser(t.ctx);
    expect((await pay(stranger.cookie, sessionId, '4242 4242 4242 4242')).status).toBe(404);
    expect((await pay(buyer.cookie, 'cs_test_nope', '4242 4242 4242 4242')).status).toBe(404);
    expect(await library(stranger.user.id)).toEqual([]);
  });
});

describe('checkout', () => {
  it('cannot buy an unpublished or unlisted book (404 naming it) and creates no order', async () => {
    const { buyer } = await buyerAndBooks(t, []);
    const draft = await saveStoreBook(t, { title: 'Secret Draft', status: 'draft', priceCents: 500 });
    const unlisted = await saveStoreBook(t, { title: 'Gone Quiet', status: 'unlisted', priceCents: 500 });
    const draftRes = await checkout(t, buyer.cookie, { bookIds: [draft] });
    expect(draftRes.status).toBe(404);
    expect((await errorOf(draftRes)).message).toContain('Secret Draft');
    expect((await checkout(t, buyer.cookie, { bookIds: [unlisted] })).status).toBe(404);
    const missing = await checkout(t, buyer.cookie, { bookIds: ['no-such-book'] });
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).message).toContain('no-such-book');
    expect(await orderCount()).toBe(0);
  });

  it('cannot set a price: any key beside bookIds is refused (422), and the order uses the server’s price', async () => {
    const { buyer, bookIds } = await buyerAndBooks(t, [900]);
    for (const json of [
      { bookIds, priceCents: 1 },
      { bookIds, prices: { [bookIds[0]!]: 1 } },
      { bookIds, totalCents: 1 },
    ]) {
      const res = await checkout(t, buyer.cookie, json);
      expect(res.status).toBe(422);
      expect((await errorOf(res)).message).toMatch(/not accepted/);
    }
    expect(await orderCount()).toBe(0);
    const { orderId } = await startPaid(buyer.cookie, bookIds);
    const { order } = await answerOf(await t.request(`/api/orders/${orderId}`, { cookie: buyer.cookie }), api.getMyOrder);
    expect(order.totalCents).toBe(900);
    expect(order.lines.map((l) => l.unitPriceCents)).toEqual([900]);
  });

  it('validates the list, needs a session, refuses books already owned (409)', async () => {
    const { buyer, bookIds } = await buyerAndBooks(t, [300, 400]);
    expect((await checkout(t, buyer.cookie, { bookIds: [] })).status).toBe(422);
    expect((await checkout(t, buyer.cookie, { bookIds: [bookIds[0], bookIds[0]] })).status).toBe(422);
    expect((await checkout(t, buyer.cookie, { bookIds: Array.from({ length: 51 }, (_, i) => `b${i}`) })).status).toBe(422);
    expect((await t.request('/api/checkout', { method: 'POST', json: { bookIds } })).status).toBe(401);
    await t.ctx.db.insertInto('libraryEntries').values({ userId: buyer.user.id, bookId: bookIds[1]!, source: 'seed', acquiredAt: 0 }).execute();
    const owned = await checkout(t, buyer.cookie, { bookIds });
    expect(owned.status).toBe(409);
    expect((await errorOf(owned)).message).toContain('Book 2');
  });

  it('claims free books directly; with only free books there is no order', async () => {
    const { buyer, bookIds } = await buyerAndBooks(t, [0, 0, 800]);
    const onlyFree = await answerOf(await checkout(t, buyer.cookie, { bookIds: [bookIds[0]] }), api.startCheckout);
    expect(onlyFree).toEqual({ orderId: null, url: `/purchase-success?book=${bookIds[0]}`, claimedBookIds: [bookIds[0]] });
    const mixed = await answerOf(await checkout(t, buyer.cookie, { bookIds: [bookIds[1], bookIds[2]] }), api.startCheckout);
    expect(mixed.claimedBookIds).toEqual([bookIds[1]]);
    expect(mixed.orderId).not.toBeNull();
    const { order } = await answerOf(await t.request(`/api/orders/${mixed.orderId}`, { cookie: buyer.cookie }), api.getMyOrder);
    expect(order.lines.map((l) => l.bookId)).toEqual([bookIds[2]]);
    expect((await library(buyer.user.id)).map((e) => e.source)).toEqual(['claim', 'claim']);
  });

  it('starting again closes the earlier unpaid checkout for the same book, so it cannot be paid twice', async () => {
    const { buyer, bookIds } = await buyerAndBooks(t, [700, 800]);
    const first = await startPaid(buyer.cookie, [bookIds[0]!]);
    const unrelated = await startPaid(buyer.cookie, [bookIds[1]!]);
    const second = await startPaid(buyer.cookie, bookIds);
    expect(second.orderId).not.toBe(first.orderId);
    expect((await pay(buyer.cookie, first.sessionId, '4242424242424242')).status).toBe(409);
    expect((await pay(buyer.cookie, unrelated.sessionId, '4242424242424242')).status).toBe(409);
    expect((await pay(buyer.cookie, second.sessionId, '4242424242424242')).status).toBe(200);
    const { orders } = await answerOf(await t.request('/api/orders', { cookie: buyer.cookie }), api.listMyOrders);
    expect(orders.map((o) => o.status)).toEqual(['paid', 'expired', 'expired']);
    expect((await library(buyer.user.id)).length).toBe(2);
  });

  it('is rate limited per account', async () => {
    const { buyer, bookIds } = await buyerAndBooks(t, [0]);
    const statuses: number[] = [];
    for (let i = 0; i <= 30; i++) statuses.push((await checkout(t, buyer.cookie, { bookIds: ['missing'] })).status);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect(bookIds).toHaveLength(1);
  });
});

describe('orders', () => {
  it('lists my orders newest first; another buyer’s order or receipt is 404', async () => {
    const { buyer, bookIds } = await buyerAndBooks(t, [300, 400]);
    const first = await startPaid(buyer.cookie, [bookIds[0]!]);
    t.advance(1000);
    const second = await startPaid(buyer.cookie, [bookIds[1]!]);
    await saveSiteSettings(t.ctx.db, { siteName: 'Quire Books Ltd' });
    const mine = await answerOf(await t.request('/api/orders', { cookie: buyer.cookie }), api.listMyOrders);
    expect(mine.orders.map((o) => o.id)).toEqual([second.orderId, first.orderId]);
    expect(mine.orders[0]!.seller.name).toBe('Quire Books Ltd');
    const other = await buildSignedInUser(t.ctx);
    const res = await t.request(`/api/orders/${first.orderId}`, { cookie: other.cookie });
    expect(res.status).toBe(404);
    expect((await answerOf(await t.request('/api/orders', { cookie: other.cookie }), api.listMyOrders)).orders).toEqual([]);
    expect((await t.request(`/api/orders/${first.orderId}`)).status).toBe(401);
  });

  it('readers cannot list or refund orders (403); an admin refund removes the book and tells the buyer', async () => {
    const { buyer, bookIds } = await buyerAndBooks(t, [300, 400]);
    const { orderId, sessionId } = await startPaid(buyer.cookie, bookIds);
    await pay(buyer.cookie, sessionId, '4242424242424242');
    expect((await t.request(`/api/admin/orders/${orderId}/refund`, { method: 'POST', cookie: buyer.cookie, json: {} })).status).toBe(403);
    expect((await t.request('/api/admin/orders', { cookie: buyer.cookie })).status).toBe(403);
    expect((await t.request(`/api/admin/orders/${orderId}`, { cookie: buyer.cookie })).status).toBe(403);
    expect((await library(buyer.user.id)).length).toBe(2);

    const admin = await buildAdmin(t.ctx);
    const list = await answerOf(await t.request('/api/admin/orders?status=paid', { cookie: admin.cookie }), api.listAdminOrders);
    expect(list.items.map((o) => o.id)).toEqual([orderId]);
    expect(list.items[0]!.buyer?.id).toBe(buyer.user.id);
    const line = list.items[0]!.lines[0]!;
    const partial = await answerOf(
      await t.request(`/api/admin/orders/${orderId}/refund`, { method: 'POST', cookie: admin.cookie, json: { lineIds: [line.id] } }),
      api.refundOrder,
    );
    expect(partial.order).toMatchObject({ status: 'partially_refunded', refundedCents: 300 });
    expect((await library(buyer.user.id)).map((e) => e.bookId)).toEqual([bookIds[1]]);
    expect(await notices(buyer.user.id)).toContain('Refund: Book 1 was removed from your library');
    expect((await t.request(`/api/admin/orders/${orderId}/refund`, { method: 'POST', cookie: admin.cookie, json: { lineIds: [line.id] } })).status).toBe(409);
    const rest = await answerOf(await t.request(`/api/admin/orders/${orderId}/refund`, { method: 'POST', cookie: admin.cookie, json: {} }), api.refundOrder);
    expect(rest.order).toMatchObject({ status: 'refunded', refundedCents: 700 });
    expect(await library(buyer.user.id)).toEqual([]);
    const audited = await t.ctx.db.selectFrom('auditLog').select('detail').where('action', '=', 'order.refunded').execute();
    expect(audited.map((a) => JSON.parse(a.detail).amountCents)).toEqual([300, 400]);
  });

  it('counts paid, unrefunded lines of the last 30 days as bestsellers', async () => {
    const { buyer, bookIds } = await buyerAndBooks(t, [300, 400]);
    const other = await buildSignedInUser(t.ctx);
    for (const [cookie, ids] of [
      [buyer.cookie, bookIds],
      [other.cookie, [bookIds[1]!]],
    ] as const) {
      const { sessionId } = await startPaid(cookie, [...ids]);
      await pay(cookie, sessionId, '4242424242424242');
    }
    const pending = await buildSignedInUser(t.ctx);
    await startPaid(pending.cookie, [bookIds[0]!]);
    expect(await bestsellerBookIds(t.ctx)).toEqual([bookIds[1], bookIds[0]]);
    // The store's front shows them as a shelf, in that order.
    const home = await answerOf(await t.request('/api/store'), getStoreHome);
    expect(home.shelves.find((s) => s.id === 'bestsellers')?.books.map((b) => b.id)).toEqual([bookIds[1], bookIds[0]]);
    t.advance(31 * 24 * 3600_000);
    expect(await bestsellerBookIds(t.ctx)).toEqual([]);
  });
});
