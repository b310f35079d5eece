/**
 * The earnings part of /settings/billing, for authors and publishers: a month range kept in the
 * URL (?from=YYYY-MM&to=YYYY-MM, so it can be shared and the back button works), the totals,
 * earnings per month and per book, the CSV of the same range, and how the numbers are made.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EARNINGS_CSV_PATH, earningsRange, getEarnings, type Earnings, type EarningsRole } from '../../../sync/api/billing';
import { toSearch } from '../../../sync/api/contract';
import { formatMoney } from '../../../sync/store/money';
import {
  IMPRINT_AUTHOR_SHARE_BASIS_POINTS,
  PAYMENT_FEE_BASIS_POINTS,
  PAYMENT_FEE_FIXED_MINOR,
  RIGHTS_HOLDER_SHARE_BASIS_POINTS,
} from '../../../sync/store/royalties';
import { call, fieldErrorsOf } from '../../lib/api';
import { Button, EmptyState, QueryState, Table, TextField, type Column } from '../../ui';
import { BillingSection } from './billing-section';
import { totalsByBook, totalsByCurrency, totalsByMonth, type EarningsTotal } from './earnings-summary';

const ROLE_LABELS: Record<EarningsRole, string> = { author: 'Author', publisher: 'Publisher', both: 'Author and publisher' };

const percent = (basisPoints: number) => `${basisPoints / 100} %`;

/** "March 2025" (or "Mar 2025", short) for 2025-03, a UTC month. */
function monthLabel(month: string, style: 'long' | 'short' = 'long'): string {
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
  return date.toLocaleDateString(undefined, { month: style, year: 'numeric', timeZone: 'UTC' });
}

const money = (t: { currency: string }, amount: number) => formatMoney(amount, t.currency);

/** Copies and amounts, each amount under its count, so four columns fit a phone. */
function amountColumns<T extends EarningsTotal>(): Column<T>[] {
  return [
    {
      key: 'sold',
      header: 'Sold',
      className: 'billing-amount',
      render: (t) => (
        <>
          {t.unitsSold}
          <span className="billing-sub">{money(t, t.grossCents)}</span>
        </>
      ),
    },
    {
      key: 'refunds',
      header: 'Refunds',
      className: 'billing-amount',
      render: (t) =>
        t.unitsRefunded > 0 ? (
          <>
            {t.unitsRefunded}
            <span className="billing-sub">−{money(t, t.refundedCents)}</span>
          </>
        ) : (
          '—'
        ),
    },
    { key: 'earnings', header: 'Earnings', className: 'billing-amount billing-strong', render: (t) => money(t, t.earningsCents) },
  ];
}

type MonthTotal = ReturnType<typeof totalsByMonth>[number];
type BookTotal = ReturnType<typeof totalsByBook>[number];
const monthColumns: Column<MonthTotal>[] = [
  { key: 'month', header: 'Month', className: 'billing-nowrap', render: (t) => monthLabel(t.month, 'short') },
  ...amountColumns<MonthTotal>(),
];
const bookColumns: Column<BookTotal>[] = [
  {
    key: 'book',
    header: 'Book',
    render: (t) => (
      <>
        <Link to={`/book/${t.bookId}`}>{t.title}</Link>
        <span className="billing-sub">{ROLE_LABELS[t.role]}</span>
      </>
    ),
  },
  ...amountColumns<BookTotal>(),
];

function RangeForm({
  initial,
  errors,
  onApply,
}: {
  initial: { from: string; to: string };
  errors: Record<string, string>;
  onApply: (range: { from: string; to: string }) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string>();
  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) return setProblem('Choose a month after the start month.');
    setProblem(undefined);
    onApply(draft);
  }
  return (
    <form className="billing-range" onSubmit={handleSubmit} aria-label="Months to show">
      <TextField
        label="From"
        type="month"
        placeholder="2025-01"
        value={draft.from}
        error={errors.from}
        onChange={(e) => setDraft({ ...draft, from: e.target.value })}
      />
      <TextField
        label="To"
        type="month"
        placeholder="2025-12"
        value={draft.to}
        error={problem ?? errors.to}
        onChange={(e) => setDraft({ ...draft, to: e.target.value })}
      />
      <Button type="submit" variant="secondary">
        Show
      </Button>
    </form>
  );
}

function EarningsResults({ data }: { data: Earnings }) {
  const range = data.from === data.to ? monthLabel(data.from) : `${monthLabel(data.from)} to ${monthLabel(data.to)}`;
  if (data.bookCount === 0) {
    return (
      <EmptyState title="No books in the store yet">
        <p>When a book you wrote, or one your imprint publishes, is in the store, its sales appear here.</p>
      </EmptyState>
    );
  }
  if (data.rows.length === 0) {
    return (
      <EmptyState title="No sales yet">
        <p>Nothing of yours was sold or refunded from {range}. Earnings appear here as soon as a copy sells.</p>
      </EmptyState>
    );
  }
  const totals = totalsByCurrency(data.rows);
  return (
    <>
      <dl className="billing-totals" aria-label={`Totals, ${range}`}>
        {totals.map((t) => (
          <div key={t.currency}>
            <dt>Earnings{totals.length > 1 ? ` in ${t.currency}` : ''}</dt>
            <dd>{money(t, t.earningsCents)}</dd>
            <dd className="billing-sub">
              {t.unitsSold} sold{t.unitsRefunded > 0 ? `, ${t.unitsRefunded} refunded` : ''} · {money(t, t.grossCents)} in sales
            </dd>
          </div>
        ))}
      </dl>
      <h3>By month</h3>
      <Table caption={`Earnings by month, ${range}`} columns={monthColumns} rows={totalsByMonth(data.rows)} rowKey={(t) => t.key} />
      <h3>By book</h3>
      <Table caption={`Earnings by book, ${range}`} columns={bookColumns} rows={totalsByBook(data.rows)} rowKey={(t) => t.key} />
    </>
  );
}

function HowItWorks() {
  const fixed = Object.entries(PAYMENT_FEE_FIXED_MINOR).map(([currency, minor]) => formatMoney(minor, currency));
  return (
    <details className="billing-how">
      <summary>How earnings are worked out</summary>
      <ul>
        <li>
          A sale’s net receipts are its price less the payment fee: {percent(PAYMENT_FEE_BASIS_POINTS)} of the order plus {fixed.join(' / ')} per order, shared
          among the order’s books by price.
        </li>
        <li>
          Of net receipts, {percent(RIGHTS_HOLDER_SHARE_BASIS_POINTS)} goes to the rights holders and Quire keeps the rest. For a self-published book the rights
          holders are its authors, in equal parts; for a book under an imprint, the imprint, which pays its authors {percent(IMPRINT_AUTHOR_SHARE_BASIS_POINTS)}{' '}
          of what it receives.
        </li>
        <li>A refund takes back what the sale earned, in the month of the refund. Months are in UTC.</li>
      </ul>
    </details>
  );
}

export function EarningsSection() {
  const [params, setParams] = useSearchParams();
  const applied = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const query = useQuery({
    queryKey: ['billing', 'earnings', applied.from, applied.to],
    queryFn: () => call(getEarnings, { query: applied }),
    placeholderData: keepPreviousData,
  });
  const shown = earningsRange(applied, Date.now());
  return (
    <BillingSection
      title="Earnings"
      actions={
        <a className="btn btn-secondary btn-sm" href={EARNINGS_CSV_PATH + toSearch(applied)} download>
          Download CSV
        </a>
      }
    >
      {/* Keyed by the URL: going back to another range shows that range in the fields. */}
      <RangeForm
        key={`${applied.from}|${applied.to}`}
        initial={{ from: applied.from || shown.from, to: applied.to || shown.to }}
        errors={fieldErrorsOf(query.error)}
        onApply={(range) => setParams(toSearch(range))}
      />
      <div className="billing-results" aria-busy={query.isFetching}>
        <QueryState query={query} what="Your earnings" lines={5}>
          {(data) => <EarningsResults data={data} />}
        </QueryState>
      </div>
      <HowItWorks />
    </BillingSection>
  );
}
