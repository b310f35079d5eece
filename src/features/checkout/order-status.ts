/** An order's state in words and a badge tone, the same for buyers (/my-purchases, receipts, /settings/billing) and admins (/admin/orders). */
import type { OrderStatus } from '../../../sync/api/checkout';

export const ORDER_STATUS: Record<OrderStatus, { label: string; tone: 'neutral' | 'success' | 'warning' | 'danger' }> = {
  pending: { label: 'Awaiting payment', tone: 'warning' },
  paid: { label: 'Paid', tone: 'success' },
  partially_refunded: { label: 'Partly refunded', tone: 'warning' },
  refunded: { label: 'Refunded', tone: 'neutral' },
  failed: { label: 'Payment failed', tone: 'danger' },
  expired: { label: 'Not completed', tone: 'neutral' },
};
