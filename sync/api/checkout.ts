/**
 * Checkout and orders (/checkout, /checkout/test-pay/{session}, /checkout/success, /my-purchases,
 * /admin/orders). A client names books only: every price is read on the server when the order is
 * made (a body with any other key is refused), and an order's state comes from the payment
 * provider's events (server/payments), never from a return URL.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { endpoint } from './contract';

export const CHECKOUT_MAX_BOOKS = 50;
export const ADMIN_ORDER_PAGE_SIZE = 25;
export const ORDER_STATUSES = ['pending', 'paid', 'partially_refunded', 'refunded', 'failed', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Stripe's documented test cards; the built-in test provider answers to the same numbers. */
export const TEST_CARDS = { pays: '4242424242424242', declined: '4000000000000002' } as const;

export const CheckoutInput = z.strictObject(
  {
    bookIds: z
      .array(z.string().min(1).max(64), { error: 'Choose the books to buy.' })
      .min(1, 'Choose at least one book.')
      .max(CHECKOUT_MAX_BOOKS, `Buy at most ${CHECKOUT_MAX_BOOKS} books at once.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each book may be in the order once.'),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Only the books are sent; ${issue.keys.join(', ')} is not accepted.` : undefined) },
);
export type CheckoutInput = z.input<typeof CheckoutInput>;

/**
 * 201. With something to pay: the order and the provider's payment page (Stripe's, or Quire's own
 * /checkout/test-pay/{session}). When every book was free they are already claimed: `orderId` is
 * null and `url` is /purchase-success?book={id} for one book, /books for several.
 */
export const startCheckout = endpoint({
  method: 'POST',
  path: '/api/checkout',
  body: CheckoutInput,
  response: zm.object({ orderId: zm.nullable(zm.string()), url: zm.string(), claimedBookIds: zm.array(zm.string()) }),
  status: 201,
});

const OrderLineSchema = zm.object({
  id: zm.string(),
  /** Null once the book was deleted; the title stays for the receipt. */
  bookId: zm.nullable(zm.string()),
  title: zm.string(),
  unitPriceCents: zm.number(),
  refundedCents: zm.number(),
  refundedAt: zm.nullable(zm.number()),
});
export type OrderLine = zm.infer<typeof OrderLineSchema>;

export const OrderSchema = zm.object({
  id: zm.string(),
  /** For people: Q-000123. */
  number: zm.string(),
  status: zm.enum(ORDER_STATUSES),
  currency: zm.string(),
  totalCents: zm.number(),
  refundedCents: zm.number(),
  createdAt: zm.number(),
  paidAt: zm.nullable(zm.number()),
  /** Why a payment failed, in words for the buyer. */
  failureMessage: zm.nullable(zm.string()),
  lines: zm.array(OrderLineSchema),
  /** Who sells, for the receipt: the site name from admin settings. */
  seller: zm.object({ name: zm.string() }),
});
export type Order = zm.infer<typeof OrderSchema>;

/** The caller's orders, newest first. */
export const listMyOrders = endpoint({ method: 'GET', path: '/api/orders', response: zm.object({ orders: zm.array(OrderSchema) }) });
/** One of the caller's orders; anyone else's is 404. */
export const getMyOrder = endpoint({ method: 'GET', path: '/api/orders/:id', response: zm.object({ order: OrderSchema }) });

export const TestPayInput = z.strictObject({ cardNumber: z.string({ error: 'Enter a card number.' }).max(40) });
/**
 * The built-in test provider's payment page posts here (only when Stripe is not configured). The
 * declined test card fails the order and answers 422 with the bank's message on `cardNumber`;
 * other numbers 422 naming the test cards.
 */
export const payTestSession = endpoint({
  method: 'POST',
  path: '/api/payments/test/:sessionId/pay',
  body: TestPayInput,
  response: zm.object({ orderId: zm.string(), status: zm.enum(ORDER_STATUSES), url: zm.string() }),
});

// ---------- admin ----------
export const AdminOrderQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  /** An order number (Q-000123, or 123) or the start of the buyer's e-mail address. */
  q: z.string().trim().max(200).optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminOrderQuery = z.input<typeof AdminOrderQuery>;

const BuyerSchema = zm.nullable(zm.object({ id: zm.string(), username: zm.string(), displayName: zm.string(), email: zm.string() }));
export const AdminOrderSchema = zm.extend(OrderSchema, {
  buyer: BuyerSchema,
  provider: zm.enum(['stripe', 'test']),
  providerSessionId: zm.nullable(zm.string()),
});
export type AdminOrder = zm.infer<typeof AdminOrderSchema>;

export const listAdminOrders = endpoint({
  method: 'GET',
  path: '/api/admin/orders',
  query: AdminOrderQuery,
  response: zm.object({ items: zm.array(AdminOrderSchema), page: zm.number(), pageSize: zm.number(), total: zm.number() }),
});

/** What happened to an order, oldest first: placed, paid, failed, expired, refunds asked (by whom) and confirmed. */
const OrderEventSchema = zm.object({
  at: zm.number(),
  kind: zm.enum(['placed', 'paid', 'failed', 'expired', 'refund_requested', 'refunded']),
  /** For people, e.g. "Refund asked for by @ada: The Night Ferry". */
  label: zm.string(),
});
export type OrderEvent = zm.infer<typeof OrderEventSchema>;

export const getAdminOrder = endpoint({
  method: 'GET',
  path: '/api/admin/orders/:id',
  response: zm.object({ order: AdminOrderSchema, history: zm.array(OrderEventSchema) }),
});

export const RefundInput = z.strictObject({ lineIds: z.array(z.string().min(1).max(64)).min(1).max(CHECKOUT_MAX_BOOKS).optional() });
/**
 * Refund the named lines (every line still refundable when none are named) through the provider.
 * The answer is the order as it stands: the refund itself is confirmed by the provider's
 * charge.refunded event (at once with the test provider, moments later with Stripe).
 */
export const refundOrder = endpoint({
  method: 'POST',
  path: '/api/admin/orders/:id/refund',
  body: RefundInput,
  response: zm.object({ order: AdminOrderSchema }),
});
