/**
 * Starting a checkout: the books' prices are read here, at this moment (effectivePrice: a running
 * discount applies), never taken from the client. Free books are claimed at once; the rest become
 * a pending order whose provider session is opened with a key derived from the order id.
 */
import { canClaim } from '../../sync/books/entitlement';
import type { SessionUser } from '../auth/sessions';
import type { AppContext } from '../context';
import { ApiError, conflict, invalid, notFound } from '../http/errors';
import { newId } from '../http/ids';
import { takeTurn } from '../db/take-turn';
import { effectivePrice } from '../store/listing';
import { orderNumber } from './orders';
import { checkoutKey, type PaymentProvider } from './provider';

export interface CheckoutResult {
  orderId: string | null;
  url: string;
  claimedBookIds: string[];
}

async function priceBooks(ctx: AppContext, bookIds: string[]) {
  const now = ctx.now();
  const rows = await ctx.db
    .selectFrom('books')
    .select((eb) => ['books.id', 'books.title', 'books.status', 'books.currency', effectivePrice(eb, now).as('priceCents')])
    .where('books.id', 'in', bookIds)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  // In the order asked, so the receipt lists them as the cart did.
  return bookIds.map((id) => {
    const book = byId.get(id);
    // Drafts and unlisted books are not for sale: 404 as if missing, naming what was asked for.
    if (!book || book.status !== 'published') throw notFound(book ? `“${book.title}” is not for sale.` : `No book ${id} is for sale.`);
    return { ...book, priceCents: Number(book.priceCents) };
  });
}

/**
 * A buyer who starts again (another tab, back from the payment page) must not end up paying twice
 * for a book: their unpaid sessions holding any of these books are closed at the provider first,
 * and their orders marked expired (a payment that still slips through wins: paid is final).
 */
async function closeOpenCheckouts(ctx: AppContext, provider: PaymentProvider, buyerId: string, bookIds: string[]) {
  const open = await ctx.db
    .selectFrom('orders')
    .select(['orders.id', 'orders.providerSessionId', 'orders.number'])
    .where('orders.buyerId', '=', buyerId)
    .where('orders.status', '=', 'pending')
    .where('orders.provider', '=', provider.name)
    .where((eb) =>
      eb.exists(eb.selectFrom('orderLines').select('orderLines.id').whereRef('orderLines.orderId', '=', 'orders.id').where('orderLines.bookId', 'in', bookIds)),
    )
    .execute();
  for (const order of open) {
    if (order.providerSessionId) {
      try {
        await provider.expireCheckout(order.providerSessionId);
      } catch (error) {
        console.error(`could not close session ${order.providerSessionId} of order ${order.id}`, error);
        throw conflict(`Your earlier order ${orderNumber(order.number)} for these books may just have been paid. Check My purchases before buying again.`);
      }
    }
    await ctx.db.updateTable('orders').set({ status: 'expired', expiredAt: ctx.now() }).where('id', '=', order.id).where('status', '=', 'pending').execute();
  }
}

export async function startCheckout(ctx: AppContext, provider: PaymentProvider, buyer: SessionUser, bookIds: string[]): Promise<CheckoutResult> {
  const books = await priceBooks(ctx, bookIds);
  const owned = await ctx.db.selectFrom('libraryEntries').select('bookId').where('userId', '=', buyer.id).where('bookId', 'in', bookIds).execute();
  if (owned.length > 0) {
    const titles = books.filter((b) => owned.some((o) => o.bookId === b.id)).map((b) => `“${b.title}”`);
    throw conflict(`You already own ${titles.join(', ')}.`, { bookIds: owned.map((o) => o.bookId).join(',') });
  }
  await closeOpenCheckouts(ctx, provider, buyer.id, bookIds);
  const free = books.filter((b) => canClaim({ published: true, priceCents: b.priceCents }));
  const paid = books.filter((b) => !free.includes(b));
  const currencies = new Set(paid.map((b) => b.currency));
  if (currencies.size > 1) throw invalid('Books priced in different currencies must be bought in separate orders.');

  const now = ctx.now();
  const order = paid.length === 0 ? null : { id: newId(), currency: paid[0]!.currency, totalCents: paid.reduce((sum, b) => sum + b.priceCents, 0) };
  const lines = paid.map((b, position) => ({
    id: newId(),
    orderId: order?.id ?? '',
    position,
    bookId: b.id,
    title: b.title,
    unitPriceCents: b.priceCents,
    refundRequestedAt: null,
    refundedAt: null,
  }));
  const orderRow = await ctx.db.transaction().execute(async (trx) => {
    if (free.length > 0) {
      await trx
        .insertInto('libraryEntries')
        .values(free.map((b) => ({ userId: buyer.id, bookId: b.id, source: 'claim' as const, acquiredAt: now })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    if (!order) return null;
    await takeTurn(trx, 'orders.number'); // so the next number cannot be taken twice
    const last = await trx
      .selectFrom('orders')
      .select((eb) => eb.fn.max('number').as('n'))
      .executeTakeFirst();
    const row = {
      ...order,
      number: Number(last?.n ?? 0) + 1,
      buyerId: buyer.id,
      status: 'pending' as const,
      refundedCents: 0,
      provider: provider.name,
      providerSessionId: null,
      paymentIntentId: null,
      customerEmail: buyer.email,
      createdAt: now,
      paidAt: null,
      failedAt: null,
      expiredAt: null,
      failureMessage: null,
    };
    await trx.insertInto('orders').values(row).execute();
    await trx.insertInto('orderLines').values(lines).execute();
    return row;
  });
  const claimedBookIds = free.map((b) => b.id);
  if (!orderRow) return { orderId: null, url: claimedBookIds.length === 1 ? `/purchase-success?book=${claimedBookIds[0]}` : '/books', claimedBookIds };

  let session: { sessionId: string; url: string };
  try {
    session = await provider.createCheckout({
      order: orderRow,
      lines: lines.map((l) => ({ ...l, refundedCents: 0 })),
      customerEmail: buyer.email,
      successUrl: `${ctx.config.publicUrl}/checkout/success?order=${orderRow.id}`,
      cancelUrl: `${ctx.config.publicUrl}/checkout?cancelled=${orderRow.id}`,
      idempotencyKey: checkoutKey(orderRow.id),
    });
  } catch (error) {
    console.error(`payment provider refused checkout for order ${orderRow.id}`, error);
    await ctx.db
      .updateTable('orders')
      .set({ status: 'failed', failedAt: ctx.now(), failureMessage: 'The payment page could not be opened.' })
      .where('id', '=', orderRow.id)
      .execute();
    throw new ApiError(503, 'unavailable', 'The payment service is not answering. Nothing was charged; please try again in a moment.');
  }
  await ctx.db.updateTable('orders').set({ providerSessionId: session.sessionId }).where('id', '=', orderRow.id).execute();
  return { orderId: orderRow.id, url: session.url, claimedBookIds };
}
