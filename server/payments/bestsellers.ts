/** The store's Bestsellers shelf: books by paid, unrefunded copies sold in the last 30 days. */
import type { AppContext } from '../context';
import { DAY } from '../limits';

export const BESTSELLER_WINDOW = 30 * DAY;

/** Book ids, most sold first (ties: the latest sale first). */
export async function bestsellerBookIds(ctx: AppContext, limit = 12): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('orders')
    .innerJoin('orderLines', 'orderLines.orderId', 'orders.id')
    .where('orders.paidAt', '>=', ctx.now() - BESTSELLER_WINDOW)
    .where('orderLines.refundedAt', 'is', null)
    .where('orderLines.bookId', 'is not', null)
    .select((eb) => ['orderLines.bookId', eb.fn.countAll<number>().as('sold'), eb.fn.max('orders.paidAt').as('lastSold')])
    .groupBy('orderLines.bookId')
    .orderBy('sold', 'desc')
    .orderBy('lastSold', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.bookId!);
}
