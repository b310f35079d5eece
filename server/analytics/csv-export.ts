/**
 * One chart's numbers as CSV, the same figures the page draws and tabulates: a row per day (with
 * the previous period's day beside it) or per book. Money in major units with its currency, so a
 * spreadsheet never adds dollars to euros.
 */
import type { Analytics, AnalyticsChart } from '../../sync/api/analytics';
import { minorToDecimal } from '../../sync/store/money';
import { csvLine } from '../admin/csv';

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
            minorToDecimal(r.revenueCents.current[i]!, r.currency),
            minorToDecimal(r.refundedCents.current[i]!, r.currency),
            a.previousDays[i],
            r.orders.previous[i],
            minorToDecimal(r.revenueCents.previous[i]!, r.currency),
            minorToDecimal(r.refundedCents.previous[i]!, r.currency),
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
