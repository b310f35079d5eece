/**
 * An admin's refund: the chosen lines are marked as asked for (which decides the lines a partial
 * charge.refunded covers, apply-event.ts) and audited in one transaction, then each goes to the
 * provider with a key from order and line, so pressing the button twice pays out once. The
 * entitlement is removed when the provider confirms with charge.refunded. A line asked for but not
 * yet confirmed may be asked for again.
 */
import type { AdminActor } from '../admin/actor';
import { recordAudit } from '../audit/record';
import type { AppContext } from '../context';
import { ApiError, conflict, invalid, notFound } from '../http/errors';
import { refundKey, type PaymentProvider } from './provider';

export async function refundOrder(ctx: AppContext, provider: PaymentProvider, by: AdminActor, orderId: string, lineIds: string[] | undefined) {
  const now = ctx.now();
  const { order, lines } = await ctx.db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    if (!order) throw notFound('No such order.');
    if (order.status !== 'paid' && order.status !== 'partially_refunded')
      throw conflict(`Only a paid order can be refunded; this one is ${order.status.replace('_', ' ')}.`);
    if (order.provider !== provider.name) throw conflict(`This order was paid through ${order.provider}, which is not the active payment provider.`);
    const all = await trx.selectFrom('orderLines').selectAll().where('orderId', '=', orderId).execute();
    const unknown = (lineIds ?? []).filter((id) => !all.some((l) => l.id === id));
    if (unknown.length > 0) throw invalid('Some lines are not part of this order.', { lineIds: unknown.join(',') });
    // A line asked for before but not yet confirmed is sent again: its key makes that safe.
    const lines = all.filter((l) => (lineIds ? lineIds.includes(l.id) : true) && l.refundedAt === null);
    if (lines.length === 0) throw conflict('Those lines are already refunded.');
    await trx
      .updateTable('orderLines')
      .set({ refundRequestedAt: now })
      .where(
        'id',
        'in',
        lines.map((l) => l.id),
      )
      .where('refundRequestedAt', 'is', null)
      .execute();
    await recordAudit(trx, now, {
      ...by,
      action: 'order.refunded',
      targetType: 'order',
      targetId: orderId,
      detail: { lineIds: lines.map((l) => l.id), amountCents: lines.reduce((sum, l) => sum + l.unitPriceCents, 0), currency: order.currency },
    });
    return { order, lines };
  });
  try {
    for (const line of lines) {
      await provider.refund({ order, line, amountCents: line.unitPriceCents, idempotencyKey: refundKey(order.id, line.id) });
    }
  } catch (error) {
    console.error(`refund of order ${order.id} failed at the provider`, error);
    throw new ApiError(503, 'unavailable', 'The payment service did not accept the refund. Try again: a line is never paid back twice.');
  }
}
