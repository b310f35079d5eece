/**
 * One chart's numbers as CSV, the same figures the page draws and tabulates: a row per day (with
 * the previous period's day beside it) or per book. Money in major units with its currency, so a
 * spreadsheet never adds dollars to euros.
 */
import type { Analytics, AnalyticsChart } from '../../sync/api/analytics';
import { csvLine } from '../admin/csv';

const major = (cents: number) => (cents / 100).toFixed(2);

function daily(a: Analytics, name: string, pick: (a: Analytics) => Analytics['signUps']): string {
  const s = pick(a);
  let out = csvLine(['day', name, 'previous_day', `previous_${name}`]);
  a.days.forEach((day, i) => (out += csvLine([day, s.current[i], a.previousDays[i], s.previous[i]])));
  return out;
}

export function analyticsCsv(a: Analytics, chart: AnalyticsChart): string {
  switch (chart) {
    case 'sign-ups':
      return daily(a, 'sign_ups', (x) => x.signUps);
    case 'active-readers':
      return daily(a, 'active_readers', (x) => x.activeReaders);
    case 'orders':
      return daily(a, 'orders', (x) => x.orders);
    case 'reading-time':
      return daily(a, 'reading_minutes', (x) => ({
        current: x.readingSeconds.current.map((s) => Math.round(s / 60)),
        previous: x.readingSeconds.previous.map((s) => Math.round(s / 60)),
      }));
    case 'revenue': {
      let out = csvLine(['day', 'currency', 'orders', 'revenue', 'refunded', 'previous_day', 'previous_orders', 'previous_revenue', 'previous_refunded']);
      for (const r of a.revenue) {
        a.days.forEach((day, i) => {
          out += csvLine([
            day,
            r.currency,
            r.orders.current[i],
            major(r.revenueCents.current[i]!),
            major(r.refundedCents.current[i]!),
            a.previousDays[i],
            r.orders.previous[i],
            major(r.revenueCents.previous[i]!),
            major(r.refundedCents.previous[i]!),
          ]);
        });
      }
      return out;
    }
    case 'top-sales':
      return a.topBySales.reduce(
        (out, b, i) => out + csvLine([i + 1, b.bookId, b.title, b.copies, b.previousCopies]),
        csvLine(['rank', 'book_id', 'title', 'copies', 'previous_copies']),
      );
    case 'top-reading':
      return a.topByReading.reduce(
        (out, b, i) => out + csvLine([i + 1, b.bookId, b.title, Math.round(b.readingSeconds / 60), Math.round(b.previousReadingSeconds / 60)]),
        csvLine(['rank', 'book_id', 'title', 'reading_minutes', 'previous_reading_minutes']),
      );
  }
}
