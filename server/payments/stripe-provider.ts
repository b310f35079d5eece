/**
 * The Stripe adapter: Checkout Sessions for one-off purchases, refunds by payment intent. Every
 * create call carries an idempotency key (Stripe replays the first answer for a repeated key).
 * STRIPE_API_BASE points the SDK at another host, e.g. the local stand-in the tests run.
 */
import type Stripe from 'stripe';
import type { Config } from '../config';
import { onUse } from '../load-on-use';
import type { PaymentProvider } from './provider';

/** The SDK, read only where Stripe is configured (the built-in test provider needs none of it). */
export const loadStripe = onUse<typeof Stripe>('stripe');

export function stripeClient(config: Pick<Config, 'stripeSecretKey' | 'stripeApiBase'>): Stripe {
  if (!config.stripeSecretKey) throw new Error('STRIPE_SECRET_KEY is not set');
  const base = config.stripeApiBase ? new URL(config.stripeApiBase) : null;
  return new (loadStripe())(config.stripeSecretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'http:' ? 80 : 443), protocol: base.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
}

export function stripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckout({ order, lines, customerEmail, successUrl, cancelUrl, idempotencyKey }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: lines.map((line) => ({
            quantity: 1,
            price_data: {
              currency: order.currency.toLowerCase(),
              unit_amount: line.unitPriceCents,
              product_data: { name: line.title, metadata: { book_id: line.bookId ?? '' } },
            },
          })),
          customer_email: customerEmail,
          client_reference_id: order.id,
          metadata: { order_id: order.id, order_number: String(order.number) },
          // Copied onto the charge, so a charge.refunded event names its order even if it arrives first.
          payment_intent_data: { metadata: { order_id: order.id } },
          success_url: successUrl,
          cancel_url: cancelUrl,
        },
        { idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url };
    },
    async expireCheckout(sessionId) {
      await stripe.checkout.sessions.expire(sessionId);
    },
    async refund({ order, line, amountCents, idempotencyKey }) {
      if (!order.paymentIntentId) throw new Error(`order ${order.id} has no payment intent to refund`);
      await stripe.refunds.create(
        { payment_intent: order.paymentIntentId, amount: amountCents, metadata: { order_id: order.id, line_id: line?.id ?? '' } },
        { idempotencyKey },
      );
    },
  };
}
