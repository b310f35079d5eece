/** Raw facts for the analytics tests: paid orders with their lines, written straight into the tables. */
import type { AppContext } from '../context';
import { newId } from '../http/ids';

let number = 0;

export async function paidOrder(
  ctx: AppContext,
  spec: { paidAt: number; currency?: string; lines: { bookId: string | null; cents: number; refundedAt?: number }[] },
): Promise<string> {
  const id = newId();
  const total = spec.lines.reduce((sum, l) => sum + l.cents, 0);
  const refunded = spec.lines.filter((l) => l.refundedAt !== undefined).reduce((sum, l) => sum + l.cents, 0);
  await ctx.db
    .insertInto('orders')
    .values({
      id,
      number: 900_000 + ++number,
      buyerId: null,
      status: refunded === 0 ? 'paid' : refunded === total ? 'refunded' : 'partially_refunded',
      currency: spec.currency ?? 'USD',
      totalCents: total,
      refundedCents: refunded,
      provider: 'test',
      providerSessionId: null,
      paymentIntentId: null,
      customerEmail: 'buyer@example.test',
      createdAt: spec.paidAt - 60_000,
      paidAt: spec.paidAt,
      failedAt: null,
      expiredAt: null,
      failureMessage: null,
    })
    .execute();
  for (const line of spec.lines) {
    await ctx.db
      .insertInto('orderLines')
      .values({
        id: newId(),
        orderId: id,
        bookId: line.bookId,
        title: 'A book',
        unitPriceCents: line.cents,
        refundRequestedAt: line.refundedAt ?? null,
        refundedCents: line.refundedAt === undefined ? 0 : line.cents,
        refundedAt: line.refundedAt ?? null,
      })
      .execute();
  }
  return id;
}
