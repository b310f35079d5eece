/**
 * `/my-purchases`: every order with its books, amounts, dates and state, newest first, each with
 * a printable receipt (`/my-purchases/{id}`). Online only; the books themselves are in the library.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { getMyOrder, listMyOrders, type Order } from '../../../sync/api/checkout';
import { call } from '../../lib/api';
import { Badge, Button, EmptyState, LinkButton, Page, QueryState, formatDate, formatDateTime, usePageTitle } from '../../ui';
import { formatPrice } from '../store/format-price';
import { ORDER_STATUS as STATUS } from './order-status';
import './checkout.css';

function OrderCard({ order }: { order: Order }) {
  const status = STATUS[order.status];
  return (
    <li className="order-card">
      <div className="order-card-head">
        <h2>Order {order.number}</h2>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="order-card-meta">
        {formatDate(order.paidAt ?? order.createdAt)} · {formatPrice(order.totalCents, order.currency)}
        {order.refundedCents > 0 && ` · ${formatPrice(order.refundedCents, order.currency)} refunded`}
      </p>
      <ul className="order-lines">
        {order.lines.map((l) => (
          <li key={l.id}>
            {l.bookId ? <Link to={`/book/${l.bookId}`}>{l.title}</Link> : l.title}
            <span>{l.refundedAt !== null ? 'Refunded' : formatPrice(l.unitPriceCents, order.currency)}</span>
          </li>
        ))}
      </ul>
      {order.paidAt !== null && <Link to={`/my-purchases/${order.id}`}>Receipt for order {order.number}</Link>}
    </li>
  );
}

export function MyPurchasesPage() {
  const query = useQuery({ queryKey: ['orders'], queryFn: () => call(listMyOrders) });
  return (
    <Page title="My purchases" description="Every order, with receipts to print.">
      <QueryState query={query} what="Your purchases" lines={4}>
        {({ orders }) =>
          orders.length === 0 ? (
            <EmptyState title="No purchases yet" action={<LinkButton to="/store">Browse the store</LinkButton>}>
              <p>Books you buy appear here with their receipts.</p>
            </EmptyState>
          ) : (
            <ul className="order-list">
              {orders.map((o) => (
                <OrderCard key={o.id} order={o} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </Page>
  );
}

/** `/my-purchases/{id}`: a receipt to print (the print stylesheet hides the app around it). */
export function ReceiptPage() {
  const { orderId = '' } = useParams();
  const query = useQuery({ queryKey: ['orders', orderId], queryFn: () => call(getMyOrder, { params: { id: orderId } }) });
  usePageTitle(query.data ? `Receipt ${query.data.order.number}` : 'Receipt');
  return (
    <div className="page receipt-page">
      <QueryState query={query} what="This receipt" lines={6}>
        {({ order }) => (
          <article className="receipt" aria-label={`Receipt for order ${order.number}`}>
            <header>
              <h1>Receipt</h1>
              <p>
                <strong>{order.seller.name}</strong>
              </p>
            </header>
            <dl className="receipt-facts">
              <dt>Order</dt>
              <dd>{order.number}</dd>
              <dt>Paid</dt>
              <dd>{order.paidAt ? formatDateTime(order.paidAt) : '—'}</dd>
              <dt>Status</dt>
              <dd>{STATUS[order.status].label}</dd>
            </dl>
            <table className="receipt-lines">
              <thead>
                <tr>
                  <th scope="col">Book</th>
                  <th scope="col">Price</th>
                </tr>
              </thead>
              <tbody>
                {order.lines.map((l) => (
                  <tr key={l.id}>
                    <td>
                      {l.title}
                      {l.refundedAt !== null && ` (refunded ${formatDate(l.refundedAt)})`}
                    </td>
                    <td>{formatPrice(l.unitPriceCents, order.currency)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                {order.refundedCents > 0 && (
                  <tr>
                    <th scope="row">Refunded</th>
                    <td>−{formatPrice(order.refundedCents, order.currency)}</td>
                  </tr>
                )}
                <tr>
                  <th scope="row">Total</th>
                  <td>{formatPrice(order.totalCents - order.refundedCents, order.currency)}</td>
                </tr>
              </tfoot>
            </table>
            <div className="receipt-actions">
              <Button onClick={() => window.print()}>Print</Button>
              <Link to="/my-purchases">All purchases</Link>
            </div>
          </article>
        )}
      </QueryState>
    </div>
  );
}
