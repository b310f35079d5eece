import { describe, expect, it } from 'vitest';
import { effectivePriceAt, MAX_PRICE_CENTS, priceErrors, type PriceInput } from './pricing';

const NOW = 1_000_000;
const plain: PriceInput = { priceCents: 999, discountPriceCents: null, discountStartsAt: null, discountEndsAt: null };
const sale = (over: Partial<PriceInput> = {}): PriceInput => ({
  priceCents: 999,
  discountPriceCents: 499,
  discountStartsAt: NOW,
  discountEndsAt: NOW + 10,
  ...over,
});

describe('priceErrors', () => {
  it('accepts a price of zero or more, with or without a discount window', () => {
    expect(priceErrors(plain, NOW)).toEqual({});
    expect(priceErrors({ ...plain, priceCents: 0 }, NOW)).toEqual({});
    expect(priceErrors(sale(), NOW)).toEqual({});
    expect(priceErrors(sale({ discountPriceCents: 0 }), NOW)).toEqual({});
  });

  it('refuses a negative, fractional or too high price', () => {
    expect(priceErrors({ ...plain, priceCents: -1 }, NOW)).toEqual({ priceCents: 'The price must be zero or more.' });
    expect(priceErrors({ ...plain, priceCents: 1.5 }, NOW)).toEqual({ priceCents: 'The price must be zero or more.' });
    expect(priceErrors({ ...plain, priceCents: MAX_PRICE_CENTS + 1 }, NOW)).toEqual({ priceCents: 'The price is too high.' });
  });

  it('wants the discount below the price, with both ends, ending after it starts and not already over', () => {
    expect(priceErrors(sale({ discountPriceCents: 999 }), NOW)).toEqual({ discountPriceCents: 'The discount price must be lower than the price.' });
    expect(priceErrors(sale({ discountPriceCents: -5 }), NOW)).toEqual({ discountPriceCents: 'The discount price must be zero or more.' });
    expect(priceErrors(sale({ discountStartsAt: null, discountEndsAt: null }), NOW)).toEqual({
      discountStartsAt: 'Choose when the discount starts.',
      discountEndsAt: 'Choose when the discount ends.',
    });
    expect(priceErrors(sale({ discountEndsAt: NOW }), NOW)).toEqual({ discountEndsAt: 'The discount must end after it starts.' });
    expect(priceErrors(sale({ discountStartsAt: NOW - 20, discountEndsAt: NOW - 10 }), NOW)).toEqual({
      discountEndsAt: 'This end is in the past: the discount would never run.',
    });
    expect(priceErrors({ ...plain, discountEndsAt: NOW + 5 }, NOW)).toEqual({ discountPriceCents: 'Enter the discount price, or clear the dates.' });
  });

  it('reports a free book with a discount as the discount not being lower', () => {
    expect(priceErrors(sale({ priceCents: 0, discountPriceCents: 0 }), NOW)).toEqual({
      discountPriceCents: 'The discount price must be lower than the price.',
    });
  });
});

describe('effectivePriceAt', () => {
  it('is the discount price inside the window (start included, end excluded), else the list price', () => {
    expect(effectivePriceAt(plain, NOW)).toBe(999);
    expect(effectivePriceAt(sale(), NOW - 1)).toBe(999);
    expect(effectivePriceAt(sale(), NOW)).toBe(499);
    expect(effectivePriceAt(sale(), NOW + 9)).toBe(499);
    expect(effectivePriceAt(sale(), NOW + 10)).toBe(999);
    expect(effectivePriceAt(sale({ discountStartsAt: null, discountEndsAt: null }), 0)).toBe(499);
  });
});
