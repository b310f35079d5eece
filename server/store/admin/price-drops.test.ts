import { describe, expect, it } from 'vitest';
import type { PriceInput } from '../../../sync/store/pricing';
import { priceDrops } from './price-drops';

const NOW = 1_000_000;
const list = (priceCents: number): PriceInput => ({ priceCents, discountPriceCents: null, discountStartsAt: null, discountEndsAt: null });
const sale = (priceCents: number, discount: number, startsAt: number, endsAt = NOW + 1000): PriceInput => ({
  priceCents,
  discountPriceCents: discount,
  discountStartsAt: startsAt,
  discountEndsAt: endsAt,
});

describe('priceDrops', () => {
  it('is a drop now when the price paid now falls: a lower list price or a discount that runs at once', () => {
    expect(priceDrops(list(999), list(799), NOW)).toEqual({ now: { fromCents: 999, toCents: 799 }, atStart: null });
    expect(priceDrops(list(999), sale(999, 499, NOW), NOW)).toEqual({ now: { fromCents: 999, toCents: 499 }, atStart: null });
    expect(priceDrops(list(999), list(0), NOW).now).toEqual({ fromCents: 999, toCents: 0 });
  });

  it('is no drop when the price rises or stays, e.g. a lower list price under a still lower running discount', () => {
    expect(priceDrops(list(799), list(999), NOW)).toEqual({ now: null, atStart: null });
    expect(priceDrops(sale(999, 299, NOW - 10), sale(799, 299, NOW - 10), NOW)).toEqual({ now: null, atStart: null });
    expect(priceDrops(sale(999, 299, NOW - 10), list(999), NOW)).toEqual({ now: null, atStart: null });
  });

  it('schedules a drop at the start of a discount that starts later, from the list price to the discount', () => {
    expect(priceDrops(list(999), sale(999, 499, NOW + 500), NOW)).toEqual({ now: null, atStart: { at: NOW + 500, fromCents: 999, toCents: 499 } });
    // A lower list price now and a discount later: both.
    expect(priceDrops(list(999), sale(899, 499, NOW + 500), NOW)).toEqual({
      now: { fromCents: 999, toCents: 899 },
      atStart: { at: NOW + 500, fromCents: 899, toCents: 499 },
    });
  });
});
