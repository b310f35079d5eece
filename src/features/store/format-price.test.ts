import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price';

describe('formatPrice', () => {
  it('says Free for zero and formats other prices in their currency', () => {
    expect(formatPrice(0, 'USD', 'en-US')).toBe('Free');
    expect(formatPrice(1299, 'USD', 'en-US')).toBe('$12.99');
    expect(formatPrice(499, 'EUR', 'de-DE')).toMatch(/4,99\s€/);
  });

  it('reads the amount in the currency’s own minor unit (yen have none)', () => {
    expect(formatPrice(500, 'JPY', 'en-US')).toBe('¥500');
  });

  it('falls back for an unknown currency code', () => {
    expect(formatPrice(100, 'XX', 'en-US')).toBe('1.00 XX');
  });
});
