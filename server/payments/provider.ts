/**
 * A payment provider as Quire's orders see it: it opens a hosted payment page for an order and
 * refunds money. What happened is reported back as events in Stripe's shape (checkout.session.*,
 * charge.refunded), which server/payments/apply-event.ts applies — Stripe through its webhook,
 * the built-in test provider by calling the same function directly.
 */
import type { Selectable } from 'kysely';
import type { OrderLinesTable, OrdersTable, PaymentProviderName } from '../db/schema';

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;

interface CheckoutRequest {
  order: OrderRow;
  lines: OrderLineRow[];
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** Derived from the order id, so a retried request never opens a second session. */
  idempotencyKey: string;
}

interface RefundRequest {
  order: OrderRow;
  line?: OrderLineRow;
  amountCents: number;
  /** Derived from the order and line, so a retried refund never pays out twice. */
  idempotencyKey: string;
}

export interface PaymentProvider {
  name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  refund(request: RefundRequest): Promise<void>;
  /** Close a session nobody paid yet, so it cannot be paid any more (throws if it was). */
  expireCheckout(sessionId: string): Promise<void>;
}

/** The Stripe session ids and Quire's own ids are safe in a URL; this keeps idempotency keys in one place. */
export const checkoutKey = (orderId: string) => `quire-checkout-${orderId}`;
export const refundKey = (orderId: string, lineId: string | undefined) => `quire-refund-${orderId}-${lineId ?? 'all'}`;
