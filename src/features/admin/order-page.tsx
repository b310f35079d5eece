/**
 * /admin/orders/{id}: an order's lines and amounts, its buyer, its history, and refunds of the
 * whole order or of one line. A refund goes through the payment provider (the test provider
 * confirms at once, Stripe moments later) and is audited on the server; the book leaves the
 * buyer's library when the provider confirms.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { getAdminOrder, refundOrder, type AdminOrder, type OrderLine } from '../../../sync/api/checkout';
import { call } from '../../lib/api';
import { Badge, Button, Card, Dialog, EmptyState, LinkButton, Page, QueryState, Table, formatDateTime, type Column } from '../../ui';
import { formatPrice } from '../store/format-price';
import { adminKey, useAdminAction } from './admin-api';
import { ORDER_STATUS } from '../checkout/order-status';
import './admin.css';

const PROVIDERS = { stripe: 'Stripe', test: 'the built-in test provider' } as const;

function RefundDialog({ order, line, onClose }: { order: AdminOrder; line: OrderLine | null; onClose: () => void }) {
  const open = order.lines.filter((l) => l.refundedAt === null);
  const amount = line ? line.unitPriceCents : open.reduce((sum, l) => sum + l.unitPriceCents, 0);
  const what = line ? `“${line.title}”` : `order ${order.number}`;
  const refund = useAdminAction(
    () => call(refundOrder, { params: { id: order.id }, body: line ? { lineIds: [line.id] } : {} }),
    `Refund of ${formatPrice(amount, order.currency)} sent for ${what}.`,
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={line ? `Refund “${line.title}”?` : `Refund the whole order ${order.number}?`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={refund.isPending} onClick={() => refund.mutate(undefined, { onSuccess: onClose })}>
            Refund {formatPrice(amount, order.currency)}
          </Button>
        </>
      }
    >
      <p>
        {formatPrice(amount, order.currency)} goes back to the buyer through {PROVIDERS[order.provider]}.{' '}
        {line ? 'The book leaves' : `${open.length === 1 ? 'The book leaves' : `The ${open.length} books leave`}`} their library once the provider confirms the
        refund, and they are told. This is recorded in the audit log.
      </p>
    </Dialog>
  );
}

function OrderView({ order, history }: { order: AdminOrder; history: { at: number; label: string }[] }) {
  const [refunding, setRefunding] = useState<{ line: OrderLine | null } | null>(null);
  const refundable = (order.status === 'paid' || order.status === 'partially_refunded') && order.lines.some((l) => l.refundedAt === null);
  const columns: Column<OrderLine>[] = [
    { key: 'title', header: 'Book', render: (l) => (l.bookId ? <Link to={`/book/${encodeURIComponent(l.bookId)}`}>{l.title}</Link> : l.title) },
    { key: 'price', header: 'Price', className: 'admin-nowrap', render: (l) => formatPrice(l.unitPriceCents, order.currency) },
    {
      key: 'refund',
      header: 'Refund',
      render: (l) =>
        l.refundedAt !== null ? (
          <>
            <Badge tone="neutral">Refunded</Badge> <span className="muted">{formatDateTime(l.refundedAt)}</span>
          </>
        ) : refundable ? (
          <Button size="sm" variant="secondary" onClick={() => setRefunding({ line: l })} aria-label={`Refund ${l.title}`}>
            Refund
          </Button>
        ) : (
          '—'
        ),
    },
  ];
  const status = ORDER_STATUS[order.status];
  return (
    <Page
      title={`Order ${order.number}`}
      description={<Badge tone={status.tone}>{status.label}</Badge>}
      wide
      actions={
        <>
          <LinkButton to="/admin/orders" variant="ghost">
            All orders
          </LinkButton>
          {refundable && (
            <Button variant="danger" onClick={() => setRefunding({ line: null })}>
              Refund the whole order
            </Button>
          )}
        </>
      }
    >
      <div className="admin-order-grid">
        <Card title="Amounts">
          <dl className="admin-dl admin-dl-grid">
            <dt>Total</dt>
            <dd>{formatPrice(order.totalCents, order.currency)}</dd>
            <dt>Refunded</dt>
            <dd>{order.refundedCents > 0 ? formatPrice(order.refundedCents, order.currency) : 'Nothing'}</dd>
            <dt>Placed</dt>
            <dd>{formatDateTime(order.createdAt)}</dd>
            <dt>Paid</dt>
            <dd>{order.paidAt ? formatDateTime(order.paidAt) : 'Not paid'}</dd>
            <dt>Payment</dt>
            <dd>
              {order.provider === 'stripe' ? 'Stripe' : 'Test provider'}
              {order.providerSessionId && <span className="admin-detail admin-block">{order.providerSessionId}</span>}
            </dd>
          </dl>
        </Card>
        <Card title="Buyer">
          {order.buyer ? (
            <dl className="admin-dl">
              <dt>{order.buyer.displayName}</dt>
              <dd>@{order.buyer.username}</dd>
              <dd>
                <Link to={`/admin/users?q=${encodeURIComponent(order.buyer.email)}`}>{order.buyer.email}</Link>
              </dd>
            </dl>
          ) : (
            <p className="muted">The buyer's account was deleted.</p>
          )}
        </Card>
      </div>
      <h2 className="admin-section-title">Books</h2>
      <Table caption={`Books in order ${order.number}`} columns={columns} rows={order.lines} rowKey={(l) => l.id} />
      <h2 className="admin-section-title">History</h2>
      <ol className="admin-history" aria-label={`History of order ${order.number}`}>
        {history.map((e, i) => (
          <li key={i}>
            <time dateTime={new Date(e.at).toISOString()}>{formatDateTime(e.at)}</time>
            <span>{e.label}</span>
          </li>
        ))}
      </ol>
      {refunding && <RefundDialog order={order} line={refunding.line} onClose={() => setRefunding(null)} />}
    </Page>
  );
}

export function AdminOrderPage() {
  const { orderId = '' } = useParams();
  const query = useQuery({ queryKey: adminKey('order', orderId), queryFn: () => call(getAdminOrder, { params: { id: orderId } }), retry: false });
  if (query.error && 'status' in query.error && query.error.status === 404) {
    return (
      <EmptyState title="No such order" level={1} action={<LinkButton to="/admin/orders">All orders</LinkButton>}>
        <p>It may have been mistyped.</p>
      </EmptyState>
    );
  }
  return (
    <QueryState query={query} what="This order" lines={8}>
      {({ order, history }) => <OrderView order={order} history={history} />}
    </QueryState>
  );
}
