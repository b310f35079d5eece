/**
 * Checkout, orders, the admin's order pages, the test provider's pay button and Stripe's webhook.
 * Mounted at /api. The webhook is the only route here a stranger may call: its signature over the
 * raw body is the authentication (app.ts lets it past the same-origin check).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type Stripe from 'stripe';
import * as api from '../../sync/api/checkout';
import { adminActor } from '../admin/actor';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { badRequest, conflict, invalid, notFound } from '../http/errors';
import { requirePermission } from '../http/guard';
import { buildLimiter, take } from '../http/rate-limit';
import { RATE_LIMITS } from '../limits';
import { activeProvider } from './active-provider';
import { applyPaymentEvent } from './apply-event';
import { startCheckout } from './checkout';
import { loadStripe } from './stripe-provider';
import { orderHistory } from './order-history';
import { adminOrder, adminOrders, myOrder, myOrders } from './orders';
import { refundOrder } from './refund-order';
import { testCardOutcome } from './test-provider';

export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

export function paymentRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const active = activeProvider(ctx);
  const checkouts = buildLimiter(ctx, 'checkout', RATE_LIMITS.checkoutsPerAccount);
  const signedInAndCounted: MiddlewareHandler<AppEnv> = async (c, next) => {
    await take(checkouts, requirePermission(c, 'account:use').id);
    await next();
  };
  router.use('/checkout', signedInAndCounted);
  router.use('/payments/test/:sessionId/pay', signedInAndCounted);

  on(router, '/api', api.startCheckout, (c, { body }) => startCheckout(ctx, active.provider, requirePermission(c, 'account:use'), body.bookIds));

  on(router, '/api', api.listMyOrders, async (c) => ({ orders: await myOrders(ctx, requirePermission(c, 'account:use').id) }));
  on(router, '/api', api.getMyOrder, async (c, { params }) => {
    const order = await myOrder(ctx, requirePermission(c, 'account:use').id, params.id!);
    if (!order) throw notFound('No such order.');
    return { order };
  });

  on(router, '/api', api.payTestSession, async (c, { params, body }) => {
    if (active.kind !== 'test') throw notFound('Test payments are off: this server takes real payments.');
    const user = requirePermission(c, 'account:use');
    const find = () =>
      ctx.db
        .selectFrom('orders')
        .selectAll()
        .where('provider', '=', 'test')
        .where('providerSessionId', '=', params.sessionId!)
        .where('buyerId', '=', user.id)
        .executeTakeFirst();
    const order = await find();
    if (!order) throw notFound('No such payment.');
    if (order.status !== 'pending')
      throw conflict(order.status === 'paid' ? 'This order is already paid.' : `This order is ${order.status}; start the checkout again.`);
    const outcome = testCardOutcome(body.cardNumber);
    if (outcome === 'unknown') {
      throw invalid('This is a test payment page: use 4242 4242 4242 4242 to pay or 4000 0000 0000 0002 to see a decline.', {
        cardNumber: 'Use a test card number.',
      });
    }
    await active.provider.pay(order, outcome);
    if (outcome === 'declined') {
      const message = 'Your card was declined. Nothing was charged; try another card.';
      throw invalid(message, { cardNumber: message });
    }
    const after = await find();
    return { orderId: order.id, status: after!.status, url: `/checkout/success?order=${order.id}` };
  });

  on(router, '/api', api.listAdminOrders, async (c, { query }) => {
    requirePermission(c, 'admin:access');
    return adminOrders(ctx, query);
  });
  on(router, '/api', api.getAdminOrder, async (c, { params }) => {
    requirePermission(c, 'admin:access');
    const order = await adminOrder(ctx, params.id!);
    if (!order) throw notFound('No such order.');
    return { order, history: await orderHistory(ctx, params.id!) };
  });
  on(router, '/api', api.refundOrder, async (c, { params, body }) => {
    await refundOrder(ctx, active.provider, adminActor(c), params.id!, body.lineIds);
    return { order: (await adminOrder(ctx, params.id!))! };
  });

  // Stripe's webhook: raw body (already capped while streaming in, server/http/body-limit.ts),
  // signature checked before anything is read from it.
  const webhookSecret = ctx.config.stripeWebhookSecret;
  return router.post(STRIPE_WEBHOOK_PATH.slice('/api'.length), async (c) => {
    if (active.kind !== 'stripe' || !webhookSecret) throw notFound('Stripe is not configured on this server.');
    const signature = c.req.header('stripe-signature');
    if (!signature) throw badRequest('Missing Stripe-Signature header.');
    const raw = await c.req.text();
    let event: Stripe.Event;
    try {
      event = loadStripe().webhooks.constructEvent(raw, signature, webhookSecret);
    } catch {
      throw badRequest('The webhook signature does not match.');
    }
    const outcome = await applyPaymentEvent(ctx, 'stripe', event);
    return c.json({ received: true, outcome });
  });
}
