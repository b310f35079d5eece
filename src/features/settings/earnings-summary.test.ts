import { describe, expect, it } from 'vitest';
import type { EarningsRow } from '../../../sync/api/billing';
import { totalsByBook, totalsByCurrency, totalsByMonth } from './earnings-summary';

function row(month: string, bookId: string, currency: string, earningsCents: number, extra: Partial<EarningsRow> = {}): EarningsRow {
  return {
    month,
    bookId,
    title: `Title ${bookId}`,
    role: 'author',
    currency,
    unitsSold: 1,
    grossCents: 1000,
    feeCents: 59,
    unitsRefunded: 0,
    refundedCents: 0,
    earningsCents,
    ...extra,
  };
}

const rows = [
  row('2025-04', 'a', 'USD', -600, { unitsSold: 0, grossCents: 0, unitsRefunded: 1, refundedCents: 1000 }),
  row('2025-04', 'b', 'USD', 300),
  row('2025-03', 'a', 'USD', 600),
  row('2025-03', 'a', 'EUR', 500),
];

describe('earnings totals', () => {
  it('sum per month and currency, newest first', () => {
    expect(totalsByMonth(rows).map((t) => [t.month, t.currency, t.unitsSold, t.unitsRefunded, t.earningsCents])).toEqual([
      ['2025-04', 'USD', 1, 1, -300],
      ['2025-03', 'USD', 1, 0, 600],
      ['2025-03', 'EUR', 1, 0, 500],
    ]);
  });

  it('sum per book and currency, best earning first', () => {
    expect(totalsByBook(rows).map((t) => [t.bookId, t.currency, t.grossCents, t.refundedCents, t.earningsCents])).toEqual([
      ['a', 'EUR', 1000, 0, 500],
      ['b', 'USD', 1000, 0, 300],
      ['a', 'USD', 1000, 1000, 0],
    ]);
  });

  it('never add one currency to another', () => {
    expect(totalsByCurrency(rows).map((t) => [t.currency, t.earningsCents])).toEqual([
      ['USD', 300],
      ['EUR', 500],
    ]);
  });
});
