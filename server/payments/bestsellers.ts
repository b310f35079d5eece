/** The store's Bestsellers shelf: books by paid, unrefunded copies sold in the last 30 days. */
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import { DAY } from '../limits';

const BESTSELLER_WINDOW = 30 * DAY;

/** Lines of orders paid since `since`; the window's orders are found first (orders_paid), then their lines. */
export function linesSoldSince(db: DB, since: number) {
  return db
    .selectFrom('orderLines')
    .where('orderLines.orderId', 'in', (eb) => eb.selectFrom('orders').select('orders.id').where('orders.paidAt', '>=', since))
    .where('orderLines.refundedAt', 'is', null)
    .where('orderLines.bookId', 'is not', null);
}

/** Book ids, most sold first. */
export async function bestsellerBookIds(ctx: AppContext, limit = 12): Promise<string[]> {
  const rows = await linesSoldSince(ctx.db, ctx.now() - BESTSELLER_WINDOW)
    .select((eb) => ['orderLines.bookId', eb.fn.countAll<number>().as('sold')])
    .groupBy('orderLines.bookId')
    .orderBy('sold', 'desc')
    .orderBy('orderLines.bookId')
    .limit(limit)
    .execute();
  return rows.map((r) => r.bookId!);
}
