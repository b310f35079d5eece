/**
 * The built-in test provider, used when STRIPE_SECRET_KEY is not set so a fresh `npm start` can
 * sell books. Its payment page is Quire's own /checkout/test-pay/{session}; paying there, and
 * refunding, produce the same events Stripe would send, applied by the same function as Stripe's
 * webhook (apply-event.ts). Stripe's test card numbers mean the same here.
 */
import { createHash } from 'node:crypto';
import { TEST_CARDS } from '../../sync/api/checkout';
import type { AppContext } from '../context';
import { newId } from '../http/ids';
import { applyPaymentEvent, type PaymentEvent } from './apply-event';
import type { OrderRow, PaymentProvider } from './provider';

export type TestCardOutcome = 'paid' | 'declined' | 'unknown';

/** Spaces and dashes as people type them are fine. */
export function testCardOutcome(cardNumber: string): TestCardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '');
  return digits === TEST_CARDS.pays ? 'paid' : digits === TEST_CARDS.declined ? 'declined' : 'unknown';
}

const event = (type: string, object: Record<string, unknown>): PaymentEvent => ({ id: `evt_test_${newId()}`, type, data: { object } });
/** The test provider's stand-in for a Stripe payment intent: one per order. */
const paymentIntentOf = (orderId: string) => `pi_test_${orderId}`;

function sessionObject(order: OrderRow, paid: boolean) {
  return {
    id: order.providerSessionId,
    object: 'checkout.session',
    client_reference_id: order.id,
    payment_status: paid ? 'paid' : 'unpaid',
    payment_intent: paymentIntentOf(order.id),
    amount_total: order.totalCents,
    currency: order.currency.toLowerCase(),
    metadata: { order_id: order.id },
  };
}

export function testProvider(ctx: AppContext): PaymentProvider & { pay(order: OrderRow, outcome: 'paid' | 'declined'): Promise<void> } {
  return {
    name: 'test',
    async createCheckout({ idempotencyKey }) {
      // Derived from the key: asking again with the same key opens the same session, as with Stripe.
      const sessionId = `cs_test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}`;
      return { sessionId, url: `/checkout/test-pay/${sessionId}` };
    },
    // Its pay route only takes pending orders, so the order's own status closes the session.
    async expireCheckout() {},
    async pay(order, outcome) {
      const type = outcome === 'paid' ? 'checkout.session.completed' : 'checkout.session.async_payment_failed';
      await applyPaymentEvent(ctx, 'test', event(type, sessionObject(order, outcome === 'paid')));
    },
    async refund({ order, amountCents }) {
      // charge.refunded reports the charge's running total, as Stripe's does.
      const current = await ctx.db.selectFrom('orders').select('refundedCents').where('id', '=', order.id).executeTakeFirstOrThrow();
      const amountRefunded = Math.min(order.totalCents, current.refundedCents + amountCents);
      await applyPaymentEvent(
        ctx,
        'test',
        event('charge.refunded', {
          id: `ch_test_${order.id}`,
          object: 'charge',
          amount: order.totalCents,
          amount_refunded: amountRefunded,
          refunded: amountRefunded >= order.totalCents,
          payment_intent: paymentIntentOf(order.id),
          metadata: { order_id: order.id },
        }),
      );
    },
  };
}
