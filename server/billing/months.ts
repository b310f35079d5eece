/**
 * Calendar months in UTC as `YYYY-MM`, and the range an earnings request asks for: an empty end
 * is the current month (or the start, if that is later), an empty start is DEFAULT_EARNINGS_MONTHS
 * before the end.
 */
import { DEFAULT_EARNINGS_MONTHS, MAX_EARNINGS_MONTHS } from '../../sync/api/billing';
import { invalid } from '../http/errors';

export function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

function parts(month: string): [number, number] {
  return [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
}

/** The first instant of the month, in ms. */
function monthStart(month: string): number {
  const [year, m] = parts(month);
  return Date.UTC(year, m - 1, 1);
}

function addMonths(month: string, n: number): string {
  const [year, m] = parts(month);
  return monthOf(Date.UTC(year, m - 1 + n, 1));
}

/** Months from `from` to `to`, both included. */
function span(from: string, to: string): number {
  const [fy, fm] = parts(from);
  const [ty, tm] = parts(to);
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
  const current = monthOf(now);
  // YYYY-MM strings sort as the months do.
  const to = query.to || (query.from && query.from > current ? query.from : current);
  const from = query.from || addMonths(to, 1 - DEFAULT_EARNINGS_MONTHS);
  const months = span(from, to);
  if (months < 1) throw invalid('The end month comes before the start month.', { to: 'Choose a month after the start month.' });
  if (months > MAX_EARNINGS_MONTHS) {
    const message = `Choose at most ${MAX_EARNINGS_MONTHS / 12} years at once.`;
    throw invalid(message, { from: message });
  }
  return { from, to, startMs: monthStart(from), endMs: monthStart(addMonths(to, 1)) };
}
