/**
 * /admin/analytics: the site's daily figures over a date range — sign-ups, daily active readers,
 * revenue and orders, reading time, top books — each against the previous period of the same
 * length, read from the daily rollup (server/analytics). Days are UTC days.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { sum } from '../../../sync/analytics/days';
import { ANALYTICS_CSV_PATH, getAnalytics, refreshAnalytics, type Analytics, type AnalyticsChart } from '../../../sync/api/analytics';
import { call, errorMessage } from '../../lib/api';
import { Button, formatDateTime, Page, QueryState, SelectField, useToast } from '../../ui';
import { adminKey } from '../admin/admin-api';
import { ChartCard, type DailySeries } from './chart-card';
import { formatMoney } from '../../../sync/store/money';
import { changeText, count, dayLabel, duration } from './figures';
import { rangeFromSearch, type ChosenRange } from './range';
import { RangeControls } from './range-controls';
import { TopBooks } from './top-books';
import './analytics.css';

const minutes = (seconds: number) => duration(seconds);
const average = (values: number[]) => (values.length ? sum(values) / values.length : 0);
const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toLocaleString();

function Vs({ compare, text }: { compare: boolean; text: string }) {
  return compare ? <span className="analytics-change"> {text} against the previous period</span> : null;
}

function RevenueCard({ a, compare, csv }: { a: Analytics; compare: boolean; csv: (chart: AnalyticsChart) => string }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const r = a.revenue.find((x) => x.currency === chosen) ?? a.revenue[0];
  if (!r) {
    return (
      <section className="card analytics-card" aria-labelledby="revenue-title">
        <h2 className="card-title" id="revenue-title">
          Revenue
        </h2>
        <p className="muted">No sales in this range or the one before it.</p>
      </section>
    );
  }
  const fmt = (cents: number) => formatMoney(cents, r.currency);
  const refunded = sum(r.refundedCents.current);
  return (
    <ChartCard
      id="revenue"
      title={`Revenue (${r.currency})`}
      days={a.days}
      previousDays={a.previousDays}
      series={r.revenueCents}
      compare={compare}
      format={fmt}
      csvHref={csv('revenue')}
      controls={
        a.revenue.length > 1 ? (
          <SelectField label="Currency" value={r.currency} onChange={(e) => setChosen(e.target.value)}>
            {a.revenue.map((x) => (
              <option key={x.currency} value={x.currency}>
                {x.currency}
              </option>
            ))}
          </SelectField>
        ) : undefined
      }
      summary={
        <>
          <strong>{fmt(sum(r.revenueCents.current))}</strong> from {count(sum(r.orders.current))} orders
          {refunded > 0 && <>, {fmt(refunded)} refunded</>}.
          <Vs compare={compare} text={changeText(sum(r.revenueCents.current), sum(r.revenueCents.previous), fmt)} />
        </>
      }
    />
  );
}

function Charts({ a, range, compare }: { a: Analytics; range: ChosenRange; compare: boolean }) {
  const csv = (chart: AnalyticsChart) => `${ANALYTICS_CSV_PATH}?${new URLSearchParams({ chart, from: range.from, to: range.to })}`;
  const total = (s: { current: number[]; previous: number[] }, fmt: (n: number) => string) => (
    <>
      <strong>{fmt(sum(s.current))}</strong> in total.
      <Vs compare={compare} text={changeText(sum(s.current), sum(s.previous), fmt)} />
    </>
  );
  // Every daily chart shares the period, the comparison and its CSV link; only these differ.
  const chart = (id: AnalyticsChart, title: string, series: DailySeries, format: (n: number) => string, summary: ReactNode) => (
    <ChartCard
      id={id}
      title={title}
      days={a.days}
      previousDays={a.previousDays}
      series={series}
      compare={compare}
      format={format}
      csvHref={csv(id)}
      summary={summary}
    />
  );
  return (
    <div className="analytics-grid">
      {chart('sign-ups', 'Sign-ups', a.signUps, count, total(a.signUps, count))}
      {chart(
        'active-readers',
        'Daily active readers',
        a.activeReaders,
        count,
        <>
          <strong>{oneDecimal(average(a.activeReaders.current))}</strong> a day on average.
          <Vs compare={compare} text={changeText(average(a.activeReaders.current), average(a.activeReaders.previous), oneDecimal)} />
        </>,
      )}
      <RevenueCard a={a} compare={compare} csv={csv} />
      {chart('orders', 'Orders', a.orders, count, total(a.orders, count))}
      {chart('reading-time', 'Reading time', a.readingSeconds, minutes, total(a.readingSeconds, minutes))}
      <TopBooks
        id="top-sales"
        title="Top books by sales"
        unit="Copies"
        compare={compare}
        format={count}
        csvHref={csv('top-sales')}
        books={a.topBySales.map((b) => ({ bookId: b.bookId, title: b.title, value: b.copies, previous: b.previousCopies }))}
      />
      <TopBooks
        id="top-reading"
        title="Top books by reading time"
        unit="Reading time"
        compare={compare}
        format={minutes}
        csvHref={csv('top-reading')}
        books={a.topByReading.map((b) => ({ bookId: b.bookId, title: b.title, value: b.readingSeconds, previous: b.previousReadingSeconds }))}
      />
    </div>
  );
}

function RefreshButton() {
  const qc = useQueryClient();
  const toast = useToast();
  const refresh = useMutation({
    mutationFn: () => call(refreshAnalytics),
    onSuccess: () => {
      toast('Today’s figures are up to date.', { tone: 'success' });
      void qc.invalidateQueries({ queryKey: adminKey('analytics') });
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  });
  return (
    <Button variant="secondary" loading={refresh.isPending} onClick={() => refresh.mutate()}>
      Update today’s figures
    </Button>
  );
}

export function AnalyticsPage() {
  const [search] = useSearchParams();
  const range = rangeFromSearch(search);
  const compare = search.get('compare') !== '0';
  const query = useQuery({
    queryKey: adminKey('analytics', range.from, range.to),
    queryFn: () => call(getAnalytics, { query: { from: range.from, to: range.to } }),
    placeholderData: keepPreviousData,
  });
  const shown = query.data && query.data.range.from === range.from && query.data.range.to === range.to;
  return (
    <Page title="Analytics" description="Daily figures in UTC days, rolled up from the site’s activity every night." actions={<RefreshButton />} wide>
      <RangeControls key={`${range.from}:${range.to}`} range={range} compare={compare} />
      <p className="muted" aria-live="polite">
        {dayLabel(range.from)} to {dayLabel(range.to)}
        {compare && query.data ? `, compared with ${dayLabel(query.data.previous.from)} to ${dayLabel(query.data.previous.to)}` : ''}.
        {query.data?.lastRollupAt ? ` Figures as of ${formatDateTime(query.data.lastRollupAt)}.` : ''}
      </p>
      <div aria-busy={!shown} className="analytics-results">
        <QueryState query={query} what="Analytics" lines={8}>
          {(a) => <Charts a={a} range={range} compare={compare} />}
        </QueryState>
      </div>
    </Page>
  );
}
