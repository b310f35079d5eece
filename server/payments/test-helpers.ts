/** Shared by the payments tests: a buyer, books for sale, and Stripe-shaped events. */
import Stripe from 'stripe';
import { buildSignedInUser } from '../admin/test-helpers';
import { saveStoreBook } from '../store/test-books';
import type { TestContext } from '../test/test-context';
import type { PaymentEvent } from './apply-event';
import { STRIPE_WEBHOOK_PATH } from './routes';

export const WEBHOOK_SECRET = 'whsec_test_secret';
/** Only for signing test payloads; the key is never used to call anything. */
const stripe = new Stripe('sk_test_signing_only');

export async function buyerAndBooks(t: TestContext, prices: number[]) {
  const buyer = await buildSignedInUser(t.ctx);
  const bookIds: string[] = [];
  for (const [i, priceCents] of prices.entries()) bookIds.push(await saveStoreBook(t, { title: `Book ${i + 1}`, priceCents }));
  return { buyer, bookIds };
}

export function checkout(t: TestContext, cookie: string, json: unknown) {
  return t.request('/api/checkout', { method: 'POST', cookie, json });
}

let eventCount = 0;
export function sessionEvent(type: string, orderId: string, sessionId: string, extra: Record<string, unknown> = {}): PaymentEvent {
  return {
    id: `evt_${++eventCount}_${orderId}`,
    type,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        client_reference_id: orderId,
        payment_intent: `pi_${orderId}`,
        metadata: { order_id: orderId },
        ...extra,
      },
    },
  };
}

export function refundEvent(orderId: string, amountRefunded: number): PaymentEvent {
  return {
    id: `evt_${++eventCount}_${orderId}`,
    type: 'charge.refunded',
    data: {
      object: { id: `ch_${orderId}`, object: 'charge', amount_refunded: amountRefunded, payment_intent: `pi_${orderId}`, metadata: { order_id: orderId } },
    },
  };
}

/** POST to the webhook as Stripe's servers would: no Origin, the signature header when given. */
export function postWebhook(t: TestContext, payload: string, signature?: string) {
  const headers = new Headers({ 'content-type': 'application/json' });
  if (signature !== undefined) headers.set('stripe-signature', signature);
  return t.app.request(`${t.config.publicUrl}${STRIPE_WEBHOOK_PATH}`, { method: 'POST', headers, body: payload });
}

export function sign(payload: string, secret = WEBHOOK_SECRET): string {
  return stripe.webhooks.generateTestHeaderString({ payload, secret });
}
