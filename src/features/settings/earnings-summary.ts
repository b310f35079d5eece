/**
 * The earnings rows (one per book, month and currency) summed the two ways the page shows them:
 * per month and per book, each per currency, since amounts in different currencies never add up.
 */
import type { EarningsRole, EarningsRow } from '../../../sync/api/billing';

export interface EarningsTotal {
  key: string;
  currency: string;
  unitsSold: number;
  unitsRefunded: number;
  grossCents: number;
  refundedCents: number;
  earningsCents: number;
}

function sumBy<T extends EarningsTotal>(
  rows: EarningsRow[],
  keyOf: (row: EarningsRow) => string,
  start: (row: EarningsRow) => Omit<T, keyof EarningsTotal>,
): T[] {
  const totals = new Map<string, T>();
  for (const row of rows) {
    const key = `${keyOf(row)}|${row.currency}`;
    let total = totals.get(key);
    if (!total) {
      total = { ...start(row), key, currency: row.currency, unitsSold: 0, unitsRefunded: 0, grossCents: 0, refundedCents: 0, earningsCents: 0 } as T;
      totals.set(key, total);
    }
    total.unitsSold += row.unitsSold;
    total.unitsRefunded += row.unitsRefunded;
    total.grossCents += row.grossCents;
    total.refundedCents += row.refundedCents;
    total.earningsCents += row.earningsCents;
  }
  return [...totals.values()];
}

/** Newest month first (the rows' order). */
export const totalsByMonth = (rows: EarningsRow[]) =>
  sumBy<EarningsTotal & { month: string }>(
    rows,
    (r) => r.month,
    (r) => ({ month: r.month }),
  );

/** Highest earnings first, then by title. */
export function totalsByBook(rows: EarningsRow[]) {
  const books = sumBy<EarningsTotal & { bookId: string; title: string; role: EarningsRole }>(
    rows,
    (r) => r.bookId,
    (r) => ({ bookId: r.bookId, title: r.title, role: r.role }),
  );
  return books.sort((a, b) => b.earningsCents - a.earningsCents || a.title.localeCompare(b.title));
}

/** The whole range's earnings, one total per currency. */
export const totalsByCurrency = (rows: EarningsRow[]) =>
  sumBy<EarningsTotal>(
    rows,
    () => 'all',
    () => ({}),
  );
