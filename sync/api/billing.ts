/**
 * /settings/billing. The payment history is the caller's orders (listMyOrders in ./checkout);
 * this module is the earnings of authors and publishers: per book and per month (UTC), from the
 * royalty split in sync/store/royalties.ts, over a month range that lives in the page's URL.
 * Readers get 403. The CSV export is a file download, so a plain route (EARNINGS_CSV_PATH).
 */
import * as zm from 'zod/mini';
import { endpoint } from './contract';

/** The widest range one request may ask for. */
export const MAX_EARNINGS_MONTHS = 120;
/** With no range given: the current month and the eleven before it. */
export const DEFAULT_EARNINGS_MONTHS = 12;

/** The UTC month of an instant, as YYYY-MM. */
export function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

export function addMonths(month: string, n: number): string {
  return monthOf(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + n, 1));
}

/**
 * The range of a request that leaves months out: the end is the current month (or the start, if
 * that is later), the start DEFAULT_EARNINGS_MONTHS before the end. The page shows the same.
 */
export function earningsRange(query: { from?: string; to?: string }, now: number): { from: string; to: string } {
  const current = monthOf(now);
  // YYYY-MM strings sort as the months do.
  const to = query.to || (query.from && query.from > current ? query.from : current);
  return { from: query.from || addMonths(to, 1 - DEFAULT_EARNINGS_MONTHS), to };
}

const MONTH_MESSAGE = 'Use a month like 2025-01.';
// '' is a field left empty: the default applies (server/billing/months.ts).
const month = zm.optional(zm.string().check(zm.regex(/^(\d{4}-(0[1-9]|1[0-2]))?$/, { error: MONTH_MESSAGE })));
export const EarningsQuery = zm.object({ from: month, to: month });
export type EarningsQuery = zm.input<typeof EarningsQuery>;

/** How the caller earns from a book: as one of its authors, as its imprint's publisher, or both. */
export const EARNINGS_ROLES = ['author', 'publisher', 'both'] as const;
export type EarningsRole = (typeof EARNINGS_ROLES)[number];

const EarningsRowSchema = zm.object({
  /** YYYY-MM, UTC. */
  month: zm.string(),
  bookId: zm.string(),
  title: zm.string(),
  role: zm.enum(EARNINGS_ROLES),
  currency: zm.string(),
  /** Lines paid in the month and their gross (the prices buyers paid). */
  unitsSold: zm.number(),
  grossCents: zm.number(),
  /** The payment fees on those sales. */
  feeCents: zm.number(),
  /** Lines refunded in the month (whenever they were sold) and the amount paid back. */
  unitsRefunded: zm.number(),
  refundedCents: zm.number(),
  /** The caller's share of the month's sales less what its refunds took back; may be negative. */
  earningsCents: zm.number(),
});
export type EarningsRow = zm.infer<typeof EarningsRowSchema>;

export const getEarnings = endpoint({
  method: 'GET',
  path: '/api/billing/earnings',
  query: EarningsQuery,
  response: zm.object({
    /** The range answered, defaults filled in. */
    from: zm.string(),
    to: zm.string(),
    /** Books the caller earns from, sold or not: none means "nothing in the store yet". */
    bookCount: zm.number(),
    /** Newest month first, then by title; one row per book, month and currency with any activity. */
    rows: zm.array(EarningsRowSchema),
  }),
});
export type Earnings = zm.infer<typeof getEarnings.response>;

/** The same rows as a CSV download (same query); a plain route, not JSON. */
export const EARNINGS_CSV_PATH = '/api/billing/earnings.csv';
