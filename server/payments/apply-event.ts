/**
 * Applies one payment event (Stripe's shape, from either provider) to its order. Stripe delivers
 * at least once, out of order, for days, so:
 * - the event id is inserted in the same transaction as its effect; a repeat finds it and stops;
 * - an order keeps facts, not transitions: paid_at, failed_at, expired_at are set once and the
 *   refunded amount only grows (charge.refunded reports the charge's running total), and the
 *   status is derived from them — paid wins over failed/expired, so a late 'expired' after
 *   'paid' changes nothing and the final state does not depend on the order events came in;
 * - entitlements follow the order in the same transaction: a paid line puts the book in the
 *   buyer's library (source 'purchase'), a refunded line takes it out again.
 * Which lines a partial refund covers: those an admin asked to refund, in the order asked, as far
 * as the refunded total reaches; a refund of the whole total covers every line. A partial refund
 * made elsewhere (Stripe's dashboard) that matches no request changes the amount only.
 */
import type { AppContext } from '../context';
import type { OrderStatus, PaymentProviderName } from '../db/schema';
import type { DB } from '../db/connection';
import { forEngine } from '../db/engine';
import { notifyUser } from '../notifications/notify';
import type { OrderLineRow, OrderRow } from './provider';

/** What Quire reads of an event; Stripe.Event fits it. */
export interface PaymentEvent {
  id: string;
  type: string;
  data: { object: object };
}

type Fact = { kind: 'paid' | 'seen' | 'expired' } | { kind: 'failed'; message: string } | { kind: 'refunded'; refundedCents: number };

interface Located {
  orderId: string | null;
  sessionId: string | null;
  paymentIntentId: string | null;
  fact: Fact;
}

export type ApplyOutcome = 'applied' | 'duplicate' | 'ignored';

const DECLINED_MESSAGE = 'The payment did not go through. Nothing was charged; try another card or payment method.';

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
/** Expandable Stripe fields arrive as an id or as the object. */
const idOf = (v: unknown): string | null => str(v) ?? (v && typeof v === 'object' ? str((v as { id?: unknown }).id) : null);

function locate(event: PaymentEvent): Located | null {
  const o = event.data.object as Record<string, unknown>;
  const metadata = (o.metadata ?? {}) as Record<string, unknown>;
  const where = (fact: Fact, sessionId: string | null): Located => ({
    orderId: str(o.client_reference_id) ?? str(metadata.order_id),
    sessionId,
    paymentIntentId: idOf(o.payment_intent),
    fact,
  });
  switch (event.type) {
    case 'checkout.session.completed':
      // Delayed methods complete 'unpaid' and are paid only by async_payment_succeeded.
      return where({ kind: o.payment_status === 'paid' ? 'paid' : 'seen' }, str(o.id));
    case 'checkout.session.async_payment_succeeded':
      return where({ kind: 'paid' }, str(o.id));
    case 'checkout.session.async_payment_failed':
      return where({ kind: 'failed', message: DECLINED_MESSAGE }, str(o.id));
    case 'checkout.session.expired':
      return where({ kind: 'expired' }, str(o.id));
    case 'charge.refunded':
      return typeof o.amount_refunded === 'number' ? where({ kind: 'refunded', refundedCents: o.amount_refunded }, null) : null;
    default:
      return null;
  }
}

/**
 * The event's order, locked until the transaction ends. Stripe delivers events of one order at
 * once; settle() reads the order's facts and writes them back, so on PostgreSQL a second event
 * waits here and then reads what the first committed (FOR UPDATE under READ COMMITTED). SQLite
 * runs one writer at a time already.
 */
async function findOrder(trx: DB, provider: PaymentProviderName, at: Located): Promise<OrderRow | undefined> {
  const orders = trx.selectFrom('orders').selectAll().where('provider', '=', provider);
  const base = forEngine(trx, { SQLite: orders, PostgreSQL: orders.forUpdate() });
  if (at.sessionId) {
    const bySession = await base.where('providerSessionId', '=', at.sessionId).executeTakeFirst();
    if (bySession) return bySession;
  }
  if (at.paymentIntentId) {
    const byIntent = await base.where('paymentIntentId', '=', at.paymentIntentId).executeTakeFirst();
    if (byIntent) return byIntent;
  }
  return at.orderId ? base.where('id', '=', at.orderId).executeTakeFirst() : undefined;
}

function statusOf(o: Pick<OrderRow, 'paidAt' | 'failedAt' | 'expiredAt' | 'refundedCents' | 'totalCents'>): OrderStatus {
  if (o.paidAt !== null) return o.refundedCents >= o.totalCents ? 'refunded' : o.refundedCents > 0 ? 'partially_refunded' : 'paid';
  return o.failedAt !== null ? 'failed' : o.expiredAt !== null ? 'expired' : 'pending';
}

/** The lines a refunded total covers (see the module comment). */
function linesCovered(lines: OrderLineRow[], refundedCents: number, totalCents: number): OrderLineRow[] {
  if (refundedCents >= totalCents) return lines;
  const requested = lines.filter((l) => l.refundRequestedAt !== null).sort((a, b) => a.refundRequestedAt! - b.refundRequestedAt! || a.id.localeCompare(b.id));
  const covered: OrderLineRow[] = [];
  let sum = 0;
  for (const line of requested) {
    if (sum + line.unitPriceCents > refundedCents) break;
    sum += line.unitPriceCents;
    covered.push(line);
  }
  return covered;
}

interface Effect {
  order: OrderRow;
  granted: OrderLineRow[];
  revoked: OrderLineRow[];
}

async function settle(trx: DB, order: OrderRow, at: Located, now: number): Promise<Effect> {
  const next: OrderRow = { ...order, paymentIntentId: order.paymentIntentId ?? at.paymentIntentId };
  const { fact } = at;
  if (fact.kind === 'paid') next.paidAt ??= now;
  if (fact.kind === 'failed' && next.failedAt === null) Object.assign(next, { failedAt: now, failureMessage: fact.message });
  if (fact.kind === 'expired') next.expiredAt ??= now;
  if (fact.kind === 'refunded') next.refundedCents = Math.max(next.refundedCents, fact.refundedCents);
  next.status = statusOf(next);
  const nothing: Effect = { order: next, granted: [], revoked: [] };
  const changed = (Object.keys(next) as (keyof OrderRow)[]).filter((k) => next[k] !== order[k]);
  if (changed.length === 0) return nothing; // a late or repeated fact: recorded, no effect
  await trx
    .updateTable('orders')
    .set(Object.fromEntries(changed.map((k) => [k, next[k]])))
    .where('id', '=', order.id)
    .execute();

  // Lines only move when the order is paid and either just became so or its refunded total grew.
  if (next.paidAt === null || next.buyerId === null) return nothing;
  if (order.paidAt !== null && next.refundedCents === order.refundedCents) return nothing;
  const buyerId = next.buyerId;
  const lines = await trx.selectFrom('orderLines').selectAll().where('orderId', '=', order.id).execute();
  const newlyRefunded = linesCovered(lines, next.refundedCents, next.totalCents).filter((l) => l.refundedAt === null);
  const refundedIds = new Set(newlyRefunded.map((l) => l.id));
  if (refundedIds.size > 0) {
    await trx
      .updateTable('orderLines')
      .set((eb) => ({ refundedCents: eb.ref('unitPriceCents'), refundedAt: now }))
      .where('id', 'in', [...refundedIds])
      .execute();
  }
  const granted = order.paidAt === null ? lines.filter((l) => l.bookId !== null && l.refundedAt === null && !refundedIds.has(l.id)) : [];
  if (granted.length > 0) {
    await trx
      .insertInto('libraryEntries')
      .values(granted.map((l) => ({ userId: buyerId, bookId: l.bookId!, source: 'purchase' as const, acquiredAt: now })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const refundedBooks = newlyRefunded.flatMap((l) => (l.bookId === null ? [] : [l.bookId]));
  if (refundedBooks.length === 0) return { order: next, granted, revoked: [] };
  // Only what the purchase granted: a book the reader also owns another way stays.
  const removed = await trx
    .deleteFrom('libraryEntries')
    .where('userId', '=', buyerId)
    .where('bookId', 'in', refundedBooks)
    .where('source', '=', 'purchase')
    .returning('bookId')
    .execute();
  const removedIds = new Set(removed.map((r) => r.bookId));
  return { order: next, granted, revoked: newlyRefunded.filter((l) => l.bookId !== null && removedIds.has(l.bookId)) };
}

/** Apply `event` once; 'ignored' for event types Quire does not use and orders it does not know. */
export async function applyPaymentEvent(ctx: AppContext, provider: PaymentProviderName, event: PaymentEvent): Promise<ApplyOutcome> {
  const at = locate(event);
  if (!at) return 'ignored';
  // Most repeats stop here without a transaction; the insert below still decides under a race.
  const seen = await ctx.db.selectFrom('paymentEvents').select('eventId').where('provider', '=', provider).where('eventId', '=', event.id).executeTakeFirst();
  if (seen) return 'duplicate';
  const now = ctx.now();
  const effect = await ctx.db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, provider, at);
    if (!order) return 'ignored' as const;
    const recorded = await trx
      .insertInto('paymentEvents')
      .values({ provider, eventId: event.id, type: event.type, orderId: order.id, receivedAt: now })
      .onConflict((oc) => oc.columns(['provider', 'eventId']).doNothing())
      .executeTakeFirst();
    if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 0) return 'duplicate' as const;
    return settle(trx, order, at, now);
  });
  if (typeof effect === 'string') return effect;
  await tellBuyer(ctx, effect);
  return 'applied';
}

/**
 * After the commit: the notice is replicated, so it reaches every open device of the buyer at
 * once — the client refreshes its library when a 'purchases' notice arrives. A failed notice is
 * logged, never undoes the payment.
 */
async function tellBuyer(ctx: AppContext, { order, granted, revoked }: Effect): Promise<void> {
  if (!order.buyerId) return;
  const notices = revoked.map((line) => ({ title: `Refund: ${line.title} was removed from your library`, link: '/my-purchases' }));
  if (granted.length > 0) {
    const what = granted.length === 1 ? granted[0]!.title : `${granted.length} books`;
    notices.unshift({
      title: `Purchase complete: ${what} ${granted.length === 1 ? 'is' : 'are'} in your library`,
      link: `/checkout/success?order=${order.id}`,
    });
  }
  for (const notice of notices) {
    try {
      await notifyUser(ctx, order.buyerId, { event: 'purchases', ...notice });
    } catch (error) {
      console.error(`could not notify the buyer of order ${order.id}`, error);
    }
  }
}
