/**
 * /api/billing: an author's or publisher's earnings as JSON (a typed endpoint) and as a CSV
 * download of the same rows. Both need 'earnings:view' (readers get 403) and only ever show the
 * caller's own books: the account comes from the session, never from the request.
 */
import { Hono, type Context } from 'hono';
import { EarningsQuery, getEarnings, type EarningsRow } from '../../sync/api/billing';
import { minorToDecimal } from '../../sync/store/money';
import { csvLine } from '../admin/csv';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { requirePermission } from '../http/guard';
import { readQuery } from '../http/validate';
import { earningsFor } from './earnings';
import { resolveMonthRange } from './months';

const CSV_COLUMNS = [
  'month',
  'book_id',
  'title',
  'role',
  'currency',
  'units_sold',
  'gross_sales',
  'payment_fees',
  'units_refunded',
  'refunds',
  'earnings',
] as const;

/** Amounts as exact decimals in the row's currency: 5.90, -5.90, 500 for yen. */
function csvRow(r: EarningsRow): unknown[] {
  const money = (minor: number) => minorToDecimal(minor, r.currency);
  return [
    r.month,
    r.bookId,
    r.title,
    r.role,
    r.currency,
    r.unitsSold,
    money(r.grossCents),
    money(r.feeCents),
    r.unitsRefunded,
    money(r.refundedCents),
    money(r.earningsCents),
  ];
}

export function billingRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const load = async (c: Context<AppEnv>, query: EarningsQuery) => {
    const user = requirePermission(c, 'earnings:view');
    const range = resolveMonthRange(query, ctx.now());
    return { range, ...(await earningsFor(ctx.db, user.id, range)) };
  };

  on(router, '/api/billing', getEarnings, async (c, { query }) => {
    const { range, bookCount, rows } = await load(c, query);
    return { from: range.from, to: range.to, bookCount, rows };
  });

  return router.get('/earnings.csv', async (c) => {
    requirePermission(c, 'earnings:view'); // before the query is read: a reader learns nothing from a 422
    const { range, rows } = await load(c, readQuery(c, EarningsQuery));
    const body = csvLine([...CSV_COLUMNS]) + rows.map((r) => csvLine(csvRow(r))).join('');
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="quire-earnings-${range.from}-to-${range.to}.csv"`);
    return c.body(body);
  });
}
