/**
 * The Stripe adapter through the real `stripe` SDK against a local stand-in of Stripe's HTTP API,
 * and Stripe's webhook with payloads signed by the SDK's own test helper.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as api from '../../sync/api/checkout';
import { buildAdmin } from '../admin/test-helpers';
import { discount } from '../store/test-books';
import { pullPage } from '../sync/store';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { startStripeStandIn } from './stripe-stand-in';
import { buyerAndBooks, checkout, postWebhook, refundEvent, sessionEvent, sign, WEBHOOK_SECRET } from './test-helpers';

let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let t: TestContext;

beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());
beforeEach(async () => {
  standIn.requests.length = 0;
  t = await buildTestContext({ stripeSecretKey: 'sk_test_quire', stripeWebhookSecret: WEBHOOK_SECRET, stripeApiBase: standIn.url });
});
afterEach(() => t.close());

const orderRow = (id: string) => t.ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const library = (userId: string) => t.ctx.db.selectFrom('libraryEntries').select(['bookId', 'source']).where('userId', '=', userId).orderBy('bookId').execute();
const eventCount = async () =>
  (
    await t.ctx.db
      .selectFrom('paymentEvents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

/** A pending Stripe order for two books, the second on a running discount (1200 → 900). */
async function pendingOrder() {
  const { buyer, bookIds } = await buyerAndBooks(t, [500, 1200]);
  await discount(t, bookIds[1]!, 900, t.ctx.now() - 1000, null);
  const res = await checkout(t, buyer.cookie, { bookIds });
  expect(res.status).toBe(201);
  const { orderId } = await answerOf(res, api.startCheckout);
  const order = await orderRow(orderId!);
  return { buyer, bookIds, order };
}

async function deliver(event: object, signature?: string) {
  const payload = JSON.stringify(event);
  return postWebhook(t, payload, signature ?? sign(payload));
}

describe('Stripe checkout through the SDK', () => {
  it('creates a Checkout Session with the server’s prices, the buyer’s e-mail, our URLs and an idempotency key', async () => {
    const { buyer, bookIds, order } = await pendingOrder();
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/v1/checkout/sessions');
    expect(request!.headers.authorization).toBe('Bearer sk_test_quire');
    expect(request!.headers['idempotency-key']).toBe(`quire-checkout-${order.id}`);
    const form = request!.form;
    expect(form.get('mode')).toBe('payment');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('500');
    expect(form.get('line_items[1][price_data][unit_amount]')).toBe('900'); // the discount, read on the server
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe('Book 1');
    expect(form.get('line_items[1][quantity]')).toBe('1');
    expect(form.get('customer_email')).toBe(buyer.user.email);
    expect(form.get('client_reference_id')).toBe(order.id);
    expect(form.get('metadata[order_id]')).toBe(order.id);
    expect(form.get('payment_intent_data[metadata][order_id]')).toBe(order.id);
    expect(form.get('success_url')).toBe(`http://quire.test/checkout/success?order=${order.id}`);
    expect(form.get('cancel_url')).toBe(`http://quire.test/checkout?cancelled=${order.id}`);
    expect(order).toMatchObject({ status: 'pending', totalCents: 1400, currency: 'USD', provider: 'stripe', providerSessionId: 'cs_test_standin_1' });
    expect(bookIds).toHaveLength(2);
  });

  it('expires the earlier open session at Stripe when the buyer starts again', async () => {
    const { buyer, bookIds, order } = await pendingOrder();
    const again = await checkout(t, buyer.cookie, { bookIds });
    expect(again.status).toBe(201);
    expect(standIn.requests.map((r) => r.path)).toEqual([
      '/v1/checkout/sessions',
      `/v1/checkout/sessions/${order.providerSessionId}/expire`,
      '/v1/checkout/sessions',
    ]);
    expect((await orderRow(order.id)).status).toBe('expired');
  });

  it('refunds a line through refunds.create with the payment intent and a key from order and line', async () => {
    const { buyer, bookIds, order } = await pendingOrder();
    expect((await deliver(sessionEvent('checkout.session.completed', order.id, order.providerSessionId!, { payment_status: 'paid' }))).status).toBe(200);
    const admin = await buildAdmin(t.ctx);
    const detail = await answerOf(await t.request(`/api/admin/orders/${order.id}`, { cookie: admin.cookie }), api.getAdminOrder);
    const second = detail.order.lines[1]!;
    const res = await t.request(`/api/admin/orders/${order.id}/refund`, { method: 'POST', cookie: admin.cookie, json: { lineIds: [second.id] } });
    expect(res.status).toBe(200);
    const refund = standIn.requests.find((r) => r.path === '/v1/refunds')!;
    expect(refund.form.get('payment_intent')).toBe(`pi_${order.id}`);
    expect(refund.form.get('amount')).toBe('900');
    expect(refund.headers['idempotency-key']).toBe(`quire-refund-${order.id}-${second.id}`);
    // Stripe confirms with charge.refunded; until then the book stays.
    expect((await library(buyer.user.id)).map((e) => e.bookId)).toEqual([...bookIds].sort());
    expect((await deliver(refundEvent(order.id, 900))).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe('partially_refunded');
    expect(await library(buyer.user.id)).toEqual([{ bookId: bookIds[0], source: 'purchase' }]);
    const notices = (await pullPage(t.ctx.db, 'notifications', buyer.user.id, null, 100)).documents.map((d) => String(d.title));
    expect(notices).toContain('Refund: Book 2 was removed from your library');
    const audit = await t.ctx.db.selectFrom('auditLog').selectAll().where('action', '=', 'order.refunded').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.user.id, targetId: order.id });
  });
});

describe('Stripe webhook', () => {
  it('refuses unsigned, wrongly signed and tampered deliveries with 400, changing nothing', async () => {
    const { buyer, order } = await pendingOrder();
    const payload = JSON.stringify(sessionEvent('checkout.session.completed', order.id, order.providerSessionId!, { payment_status: 'paid' }));
    const refused = [
      await postWebhook(t, payload),
      await postWebhook(t, payload, sign(payload, 'whsec_someone_else')),
      await postWebhook(t, payload.replace('"paid"', '"paid" '), sign(payload)),
      await postWebhook(t, payload, 't=1,v1=deadbeef'),
    ];
    for (const res of refused) {
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe('bad_request');
    }
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await library(buyer.user.id)).toEqual([]);
    expect(Number(await eventCount())).toBe(0);
    // The same payload correctly signed is accepted without an Origin header (Stripe sends none).
    expect((await postWebhook(t, payload, sign(payload))).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe('paid');
  });

  it('caps the raw body like every other request (413) and acknowledges event types it does not use', async () => {
    const huge = JSON.stringify({ id: 'evt_huge', type: 'charge.refunded', data: { object: { padding: 'x'.repeat(2 * 1024 * 1024) } } });
    expect((await postWebhook(t, huge, sign(huge))).status).toBe(413);
    const other = JSON.stringify({ id: 'evt_other', type: 'customer.created', data: { object: { id: 'cus_1' } } });
    const res = await postWebhook(t, other, sign(other));
    expect(await res.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(Number(await eventCount())).toBe(0);
  });

  it('pays a delayed method only on async_payment_succeeded, once, and ignores a late expiry', async () => {
    const { buyer, bookIds, order } = await pendingOrder();
    const session = order.providerSessionId!;
    await deliver(sessionEvent('checkout.session.completed', order.id, session, { payment_status: 'unpaid' }));
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await library(buyer.user.id)).toEqual([]);

    const succeeded = sessionEvent('checkout.session.async_payment_succeeded', order.id, session, { payment_status: 'paid' });
    const first = await deliver(succeeded);
    expect(await first.json()).toEqual({ received: true, outcome: 'applied' });
    const paidAt = (await orderRow(order.id)).paidAt;
    t.advance(60_000);
    expect(await (await deliver(succeeded)).json()).toEqual({ received: true, outcome: 'duplicate' });
    await deliver(sessionEvent('checkout.session.expired', order.id, session));
    await deliver(sessionEvent('checkout.session.async_payment_failed', order.id, session));
    const after = await orderRow(order.id);
    expect(after.status).toBe('paid');
    expect(after.paidAt).toBe(paidAt);
    expect((await library(buyer.user.id)).map((e) => e.source)).toEqual(['purchase', 'purchase']);
    expect(bookIds).toHaveLength(2);
  });

  it('marks an abandoned session expired and a failed one failed, with nothing in the library', async () => {
    const a = await pendingOrder();
    await deliver(sessionEvent('checkout.session.expired', a.order.id, a.order.providerSessionId!));
    expect((await orderRow(a.order.id)).status).toBe('expired');
    const b = await pendingOrder();
    await deliver(sessionEvent('checkout.session.async_payment_failed', b.order.id, b.order.providerSessionId!));
    expect((await orderRow(b.order.id)).status).toBe('failed');
    expect(await library(a.buyer.user.id)).toEqual([]);
    expect(await library(b.buyer.user.id)).toEqual([]);
  });

  it('applies a full refund made in Stripe’s dashboard: every line refunded, the books leave the library', async () => {
    const { buyer, order } = await pendingOrder();
    await deliver(sessionEvent('checkout.session.completed', order.id, order.providerSessionId!, { payment_status: 'paid' }));
    await deliver(refundEvent(order.id, 1400));
    const after = await orderRow(order.id);
    expect(after).toMatchObject({ status: 'refunded', refundedCents: 1400 });
    expect(await library(buyer.user.id)).toEqual([]);
    const lines = await t.ctx.db.selectFrom('orderLines').selectAll().where('orderId', '=', order.id).execute();
    expect(lines.every((l) => l.refundedAt !== null && l.refundedCents === l.unitPriceCents)).toBe(true);
  });
});
