/**
 * An order's history for /admin/orders/{id}, built from what is already recorded: the order's
 * facts (created, paid, failed, expired), each line's confirmed refund, and the audit log's
 * refund requests (who asked, for what). No table of its own: the facts are the record.
 */
import type { OrderEvent } from '../../sync/api/checkout';
import type { AppContext } from '../context';

const ORDER = ['placed', 'paid', 'failed', 'expired', 'refund_requested', 'refunded'] as const;

const money = (cents: number, currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100);

export async function orderHistory(ctx: AppContext, orderId: string): Promise<OrderEvent[]> {
  const [order, lines, audits] = await Promise.all([
    ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst(),
    ctx.db.selectFrom('orderLines').select(['id', 'title', 'refundedCents', 'refundedAt']).where('orderId', '=', orderId).execute(),
    ctx.db
      .selectFrom('auditLog')
      .select(['at', 'actorLabel', 'detail'])
      .where('targetType', '=', 'order')
      .where('targetId', '=', orderId)
      .where('action', '=', 'order.refunded')
      .execute(),
  ]);
  if (!order) return [];
  const titleOf = (id: string) => lines.find((l) => l.id === id)?.title ?? 'a removed line';
  const events: OrderEvent[] = [{ at: order.createdAt, kind: 'placed', label: `Placed by ${order.customerEmail}` }];
  if (order.paidAt !== null) events.push({ at: order.paidAt, kind: 'paid', label: `Paid ${money(order.totalCents, order.currency)}` });
  if (order.failedAt !== null)
    events.push({ at: order.failedAt, kind: 'failed', label: `Payment failed${order.failureMessage ? `: ${order.failureMessage}` : ''}` });
  if (order.expiredAt !== null) events.push({ at: order.expiredAt, kind: 'expired', label: 'Expired unpaid' });
  for (const a of audits) {
    const detail = JSON.parse(a.detail) as { lineIds?: string[]; amountCents?: number };
    const what = (detail.lineIds ?? []).map(titleOf).join(', ');
    const amount = detail.amountCents !== undefined ? ` (${money(detail.amountCents, order.currency)})` : '';
    events.push({ at: a.at, kind: 'refund_requested', label: `Refund asked for by @${a.actorLabel}: ${what}${amount}` });
  }
  for (const line of lines) {
    if (line.refundedAt !== null)
      events.push({ at: line.refundedAt, kind: 'refunded', label: `Refunded ${money(line.refundedCents, order.currency)}: ${line.title}` });
  }
  return events.sort((a, b) => a.at - b.at || ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
}
