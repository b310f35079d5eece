/** The month range an earnings request asks for, checked, with its bounds in ms (UTC). */
import { addMonths, earningsRange, MAX_EARNINGS_MONTHS } from '../../sync/api/billing';
import { invalid } from '../http/errors';

/** The first instant of the month, in ms. */
function monthStart(month: string): number {
  return Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1);
}

/** Months from `from` to `to`, both included. */
function span(from: string, to: string): number {
  const [fy, fm, ty, tm] = [from.slice(0, 4), from.slice(5, 7), to.slice(0, 4), to.slice(5, 7)].map(Number) as [number, number, number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
}

export interface MonthRange {
  from: string;
  to: string;
  /** [startMs, endMs): from the start of `from` to the start of the month after `to`. */
  startMs: number;
  endMs: number;
}

/** The range asked for (already shaped by EarningsQuery); 422 on the field at fault. */
export function resolveMonthRange(query: { from?: string; to?: string }, now: number): MonthRange {
  const { from, to } = earningsRange(query, now);
  const months = span(from, to);
  if (months < 1) throw invalid('The end month comes before the start month.', { to: 'Choose a month after the start month.' });
  if (months > MAX_EARNINGS_MONTHS) {
    const message = `Choose at most ${MAX_EARNINGS_MONTHS / 12} years at once.`;
    throw invalid(message, { from: message });
  }
  return { from, to, startMs: monthStart(from), endMs: monthStart(addMonths(to, 1)) };
}

/** Every sale and refund ever (the publishing page's per-book totals); `from` and `to` name no month. */
export const ALL_TIME: MonthRange = { from: '', to: '', startMs: 0, endMs: Number.MAX_SAFE_INTEGER };
