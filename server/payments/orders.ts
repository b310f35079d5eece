/** Reading orders for the buyer (/checkout/success, /my-purchases, receipts) and for admins. */
import type { AdminOrder, Order, OrderStatus } from '../../sync/api/checkout';
import { ADMIN_ORDER_PAGE_SIZE } from '../../sync/api/checkout';
import type { AppContext } from '../context';
import { getSiteSettings } from '../site/settings';
import type { OrderLineRow, OrderRow } from './provider';

export const orderNumber = (n: number) => `Q-${String(n).padStart(6, '0')}`;

async function linesByOrder(ctx: AppContext, orderIds: string[]): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await ctx.db.selectFrom('orderLines').selectAll().where('orderId', 'in', orderIds).orderBy('orderId').orderBy('position').execute(); // the cart's order
  for (const row of rows) byOrder.get(row.orderId)?.push(row);
  return byOrder;
}

async function present(ctx: AppContext, orders: OrderRow[]): Promise<Order[]> {
  const [lines, site] = await Promise.all([
    linesByOrder(
      ctx,
      orders.map((o) => o.id),
    ),
    getSiteSettings(ctx.db),
  ]);
  const seller = { name: site.siteName || 'Quire' };
  return orders.map((o) => ({
    id: o.id,
    number: orderNumber(o.number),
    status: o.status,
    currency: o.currency,
    totalCents: o.totalCents,
    refundedCents: o.refundedCents,
    createdAt: o.createdAt,
    paidAt: o.paidAt,
    failureMessage: o.failureMessage,
    lines: (lines.get(o.id) ?? []).map((l) => ({
      id: l.id,
      bookId: l.bookId,
      title: l.title,
      unitPriceCents: l.unitPriceCents,
      refundedCents: l.refundedCents,
      refundedAt: l.refundedAt,
    })),
    seller,
  }));
}

export async function myOrders(ctx: AppContext, buyerId: string): Promise<Order[]> {
  const rows = await ctx.db.selectFrom('orders').selectAll().where('buyerId', '=', buyerId).orderBy('createdAt', 'desc').orderBy('number', 'desc').execute();
  return present(ctx, rows);
}

/** Someone else's order is simply not there. */
export async function myOrder(ctx: AppContext, buyerId: string, orderId: string): Promise<Order | null> {
  const row = await ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).where('buyerId', '=', buyerId).executeTakeFirst();
  return row ? (await present(ctx, [row]))[0]! : null;
}

async function presentForAdmin(ctx: AppContext, rows: OrderRow[]): Promise<AdminOrder[]> {
  const buyerIds = [...new Set(rows.map((r) => r.buyerId).filter((id): id is string => id !== null))];
  const buyers = buyerIds.length
    ? await ctx.db.selectFrom('users').select(['id', 'username', 'displayName', 'email']).where('id', 'in', buyerIds).execute()
    : [];
  const presented = await present(ctx, rows);
  return presented.map((order, i) => ({
    ...order,
    buyer: buyers.find((b) => b.id === rows[i]!.buyerId) ?? null,
    provider: rows[i]!.provider,
    providerSessionId: rows[i]!.providerSessionId,
  }));
}

/** "Q-000123", "q123" or "123": an order number; anything else is the start of an e-mail address. */
function parseOrderSearch(q: string): { number: number } | { email: string } | null {
  const text = q.trim().toLowerCase();
  if (!text) return null;
  const number = /^(?:q-?)?(\d{1,12})$/.exec(text);
  return number ? { number: Number(number[1]) } : { email: text };
}

/**
 * The admin's order list: newest first, by status, and by order number or by the start of the
 * buyer's e-mail — the address given at checkout or the account's current one (both indexed;
 * the prefix is a range so the index answers it).
 */
export async function adminOrders(ctx: AppContext, filters: { status?: OrderStatus; q: string; page: number }) {
  let query = ctx.db.selectFrom('orders');
  if (filters.status) query = query.where('status', '=', filters.status);
  const search = parseOrderSearch(filters.q);
  if (search && 'number' in search) query = query.where('number', '=', search.number);
  if (search && 'email' in search) {
    const [from, to] = [search.email, `${search.email}\uffff`];
    // A UNION of two index ranges, not an OR: PostgreSQL cannot combine an OR with a subquery
    // through indexes and would read every order (SQLite's planner could).
    query = query.where((eb) =>
      eb(
        'id',
        'in',
        eb
          .selectFrom('orders as byEmail')
          .select('byEmail.id')
          .where('byEmail.customerEmail', '>=', from)
          .where('byEmail.customerEmail', '<', to)
          .union(
            eb
              .selectFrom('orders as byBuyer')
              .select('byBuyer.id')
              .where('byBuyer.buyerId', 'in', eb.selectFrom('users').select('users.id').where('users.email', '>=', from).where('users.email', '<', to)),
          ),
      ),
    );
  }
  const page = filters.page;
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('number', 'desc')
      .limit(ADMIN_ORDER_PAGE_SIZE)
      .offset((page - 1) * ADMIN_ORDER_PAGE_SIZE)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await presentForAdmin(ctx, rows), page, pageSize: ADMIN_ORDER_PAGE_SIZE, total: Number(count.n) };
}

export async function adminOrder(ctx: AppContext, orderId: string): Promise<AdminOrder | null> {
  const row = await ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  return row ? (await presentForAdmin(ctx, [row]))[0]! : null;
}
