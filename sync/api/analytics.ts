/**
 * The analytics API (/api/admin/analytics, admins only): a date range's daily figures and the
 * same figures for the period just before it, read from the daily rollup tables; a rollup of the
 * days still open on demand; and each chart's numbers as CSV (a file download, so a plain route
 * at ANALYTICS_CSV_PATH outside the table).
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { dayCount, isDay, MAX_RANGE_DAYS } from '../analytics/days';
import { endpoint } from './contract';

const day = z.string().trim().refine(isDay, 'Use a date like 2026-01-31.');

export const AnalyticsRange = z
  .object({ from: day, to: day })
  .refine((r) => r.from <= r.to, { message: 'The range must end on or after its first day.', path: ['to'] })
  .refine((r) => r.from > r.to || dayCount(r) <= MAX_RANGE_DAYS, { message: `Choose at most ${MAX_RANGE_DAYS} days.`, path: ['from'] });
export type AnalyticsRange = z.output<typeof AnalyticsRange>;

/** How many books each "top books" list holds. */
export const TOP_BOOKS = 10;

const num = zm.number();
/** One figure per day of the range, and per day of the previous period (same length, same order). */
const SeriesSchema = zm.object({ current: zm.array(num), previous: zm.array(num) });
const RangeSchema = zm.object({ from: zm.string(), to: zm.string() });

const AnalyticsSchema = zm.object({
  range: RangeSchema,
  previous: RangeSchema,
  /** The range's days (UTC), in order; every series is aligned with them. */
  days: zm.array(zm.string()),
  previousDays: zm.array(zm.string()),
  signUps: SeriesSchema,
  activeReaders: SeriesSchema,
  readingSeconds: SeriesSchema,
  /** Paid orders of every currency (a count adds up across currencies; money does not). */
  orders: SeriesSchema,
  /** Money per currency, most revenue in the range first. */
  revenue: zm.array(zm.object({ currency: zm.string(), revenueCents: SeriesSchema, refundedCents: SeriesSchema, orders: SeriesSchema })),
  topBySales: zm.array(zm.object({ bookId: zm.string(), title: zm.string(), copies: num, previousCopies: num })),
  topByReading: zm.array(zm.object({ bookId: zm.string(), title: zm.string(), readingSeconds: num, previousReadingSeconds: num })),
  /** When the rollup last ran (null: never yet); today's figures are as of then. */
  lastRollupAt: zm.nullable(num),
});
export type Analytics = zm.infer<typeof AnalyticsSchema>;

export const getAnalytics = endpoint({ method: 'GET', path: '/api/admin/analytics', query: AnalyticsRange, response: AnalyticsSchema });

/** Rolls up the days still open (today, yesterday, any missed) now rather than at the next daily run. */
export const refreshAnalytics = endpoint({
  method: 'POST',
  path: '/api/admin/analytics/refresh',
  response: zm.object({ lastRollupAt: zm.nullable(num), days: num }),
});

/** The charts a CSV can be asked for. */
export const ANALYTICS_CHARTS = ['sign-ups', 'active-readers', 'revenue', 'orders', 'reading-time', 'top-sales', 'top-reading'] as const;
export type AnalyticsChart = (typeof ANALYTICS_CHARTS)[number];
export const AnalyticsCsvQuery = z.intersection(AnalyticsRange, z.object({ chart: z.enum(ANALYTICS_CHARTS, 'Choose a chart to export.') }));
export const ANALYTICS_CSV_PATH = '/api/admin/analytics/export.csv';
