/** Stripe when STRIPE_SECRET_KEY is set, else the built-in test provider (so `npm start` can sell with no keys). */
import type { AppContext } from '../context';
import type { PaymentProvider } from './provider';
import { stripeClient, stripeProvider } from './stripe-provider';
import { testProvider } from './test-provider';

export type ActiveProvider = { kind: 'stripe'; provider: PaymentProvider } | { kind: 'test'; provider: ReturnType<typeof testProvider> };

export function activeProvider(ctx: AppContext): ActiveProvider {
  if (ctx.config.stripeSecretKey) {
    // Without the webhook secret no payment can ever be confirmed: say so at start, not at the first sale.
    if (!ctx.config.stripeWebhookSecret)
      console.warn('STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: Stripe webhooks will be refused and orders stay pending.');
    return { kind: 'stripe', provider: stripeProvider(stripeClient(ctx.config)) };
  }
  return { kind: 'test', provider: testProvider(ctx) };
}
