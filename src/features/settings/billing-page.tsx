/**
 * /settings/billing: the account's payment history (its orders, with receipts at
 * /my-purchases/{id}) and, for authors and publishers, what their books earned.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { listMyOrders, type Order } from '../../../sync/api/checkout';
import { can } from '../../../sync/roles';
import { formatMoney } from '../../../sync/store/money';
import { call } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Badge, EmptyState, LinkButton, QueryState, Table, formatDate, type Column } from '../../ui';
import { BillingSection } from './billing-section';
import { ORDER_STATUS } from '../checkout/order-status';
import { EarningsSection } from './earnings-section';
import { SettingsPage } from './settings-nav';
import './billing.css';

/** Orders that took or tried to take money; an abandoned checkout is not a payment. */
const isPayment = (o: Order) => o.paidAt !== null || o.status === 'failed';

const columns: Column<Order>[] = [
  { key: 'date', header: 'Date', render: (o) => formatDate(o.paidAt ?? o.createdAt), className: 'billing-nowrap billing-col-date' },
  { key: 'number', header: 'Order', render: (o) => o.number, className: 'billing-nowrap billing-col-order' },
  {
    key: 'items',
    className: 'billing-col-items',
    header: 'Items',
    render: (o) => (
      <ul className="billing-items">
        {o.lines.map((l) => (
          <li key={l.id}>
            {l.title}
            {l.refundedAt !== null && <span className="muted"> (refunded)</span>}
          </li>
        ))}
      </ul>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    className: 'billing-amount billing-col-amount',
    render: (o) => (
      <>
        {formatMoney(o.totalCents, o.currency)}
        {o.refundedCents > 0 && <span className="billing-sub">−{formatMoney(o.refundedCents, o.currency)} refunded</span>}
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    className: 'billing-col-status',
    render: (o) => <Badge tone={ORDER_STATUS[o.status].tone}>{ORDER_STATUS[o.status].label}</Badge>,
  },
  {
    key: 'receipt',
    className: 'billing-col-receipt',
    header: <span className="visually-hidden">Receipt</span>,
    render: (o) =>
      o.paidAt !== null && (
        <Link to={`/my-purchases/${o.id}`}>
          Receipt<span className="visually-hidden"> for order {o.number}</span>
        </Link>
      ),
  },
];

function PaymentHistory() {
  // The same query as /my-purchases: one cache, one request.
  const query = useQuery({ queryKey: ['orders'], queryFn: () => call(listMyOrders) });
  return (
    <BillingSection title="Payment history">
      <QueryState query={query} what="Your payment history" lines={3}>
        {({ orders }) => {
          const payments = orders.filter(isPayment);
          return payments.length === 0 ? (
            <EmptyState title="No purchases yet" action={<LinkButton to="/store">Browse the store</LinkButton>}>
              <p>Books you buy are listed here with their receipts.</p>
            </EmptyState>
          ) : (
            <div className="billing-history">
              <Table caption="Payment history" columns={columns} rows={payments} rowKey={(o) => o.id} />
            </div>
          );
        }}
      </QueryState>
    </BillingSection>
  );
}

export function BillingSettingsPage() {
  const { user } = useSession();
  const earns = can(user, 'earnings:view');
  return (
    <SettingsPage title="Billing" description={earns ? 'What you paid for, and what your books earned.' : 'What you paid for, with receipts to print.'}>
      <PaymentHistory />
      {earns && <EarningsSection />}
    </SettingsPage>
  );
}
