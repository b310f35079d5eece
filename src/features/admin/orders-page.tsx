/**
 * /admin/orders: every order, newest first — by status, and found by its number or the buyer's
 * e-mail (the search and page live in the URL). Each opens /admin/orders/{id}.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ORDER_STATUSES, listAdminOrders, type AdminOrder, type OrderStatus } from '../../../sync/api/checkout';
import { call } from '../../lib/api';
import { Badge, Page, QueryState, SelectField, Table, TextField, formatDateTime, type Column } from '../../ui';
import { formatPrice } from '../store/format-price';
import { adminKey } from './admin-api';
import { ORDER_STATUS } from '../checkout/order-status';
import { Pager, pageParam } from './pager';
import './admin.css';
import { useSearchText } from './use-search-text';

export function AdminOrdersPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const filters = { status: ORDER_STATUSES.find((s) => s === raw), q: params.get('q') ?? '', page: pageParam(params.get('page')) };
  const [text, setText] = useSearchText(filters.q, (q) => update({ q }));
  const update = (patch: Partial<Record<'status' | 'q' | 'page', string>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };
  const query = useQuery({
    queryKey: adminKey('orders', filters),
    queryFn: ({ signal }) => call(listAdminOrders, { query: filters, signal }),
    placeholderData: keepPreviousData,
  });

  const columns: Column<AdminOrder>[] = [
    {
      key: 'number',
      header: 'Order',
      render: (o) => (
        <>
          <Link to={`/admin/orders/${encodeURIComponent(o.id)}`}>{o.number}</Link>
          <span className="muted admin-block">{formatDateTime(o.createdAt)}</span>
        </>
      ),
    },
    {
      key: 'buyer',
      header: 'Buyer',
      render: (o) => (
        <>
          {o.buyer ? o.buyer.displayName : <span className="muted">Deleted account</span>}
          <span className="muted admin-block">{o.buyer?.email ?? ''}</span>
        </>
      ),
    },
    { key: 'books', header: 'Books', render: (o) => o.lines.map((l) => l.title).join(', ') },
    {
      key: 'total',
      header: 'Total',
      className: 'admin-nowrap',
      render: (o) => (
        <>
          {formatPrice(o.totalCents, o.currency)}
          {o.refundedCents > 0 && <span className="muted admin-block">{formatPrice(o.refundedCents, o.currency)} refunded</span>}
        </>
      ),
    },
    { key: 'status', header: 'Status', render: (o) => <Badge tone={ORDER_STATUS[o.status].tone}>{ORDER_STATUS[o.status].label}</Badge> },
  ];

  return (
    <Page title="Orders" description="Every order: find one by its number or the buyer’s e-mail, open it to see its history or refund it." wide>
      <form
        className="admin-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: text.trim() });
        }}
      >
        <TextField label="Search orders" type="search" placeholder="Q-000123 or e-mail" value={text} onChange={(e) => setText(e.target.value)} />
        <SelectField label="Status" value={filters.status ?? ''} onChange={(e) => update({ status: e.target.value })}>
          <option value="">Any status</option>
          {ORDER_STATUSES.map((s: OrderStatus) => (
            <option key={s} value={s}>
              {ORDER_STATUS[s].label}
            </option>
          ))}
        </SelectField>
      </form>
      <QueryState query={query} what="The orders" lines={8}>
        {(data) => (
          <>
            <p className="muted" aria-live="polite">
              {data.total === 1 ? '1 order' : `${data.total} orders`}
            </p>
            <Table
              caption="Orders"
              columns={columns}
              rows={data.items}
              rowKey={(o) => o.id}
              empty={filters.q ? `No order matches “${filters.q}”.` : filters.status ? 'No orders with this status.' : 'No orders yet.'}
            />
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={(p) => update({ page: String(p) })} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
