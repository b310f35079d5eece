/**
 * How the analytics page words its numbers: money in its own currency, reading time in hours and
 * minutes, a change against the previous period with its sign and percentage.
 */
import { change } from '../../../sync/analytics/days';

export const count = (n: number) => new Intl.NumberFormat().format(n);

/** "3 h 05 min", "12 min", "0 min". */
export function duration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${count(Math.floor(minutes / 60))} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** "+12 (+25 %)", "−3 (−10 %)", "+4 (new)" or "no change", with the same wording for every figure. */
export function changeText(current: number, previous: number, format: (n: number) => string): string {
  const { delta, ratio } = change(current, previous);
  if (delta === 0) return 'no change';
  const sign = delta > 0 ? '+' : '−';
  const pct = ratio === null ? 'new' : `${sign}${Math.abs(Math.round(ratio * 100))} %`;
  return `${sign}${format(Math.abs(delta))} (${pct})`;
}

/** "Mon 3 Mar" for a UTC day. */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
}
