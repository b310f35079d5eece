import { describe, expect, it } from 'vitest';
import { amountText, fromLocalInput, localInputValue, parseAmount } from './money';

describe('amounts typed by admins', () => {
  it('become minor units in the currency’s decimals', () => {
    expect(parseAmount('7.99', 'USD')).toBe(799);
    expect(parseAmount(' 7 ', 'USD')).toBe(700);
    expect(parseAmount('7.5', 'EUR')).toBe(750);
    expect(parseAmount('0,99', 'EUR')).toBe(99);
    expect(parseAmount('0', 'USD')).toBe(0);
    expect(parseAmount('1200', 'JPY')).toBe(1200);
  });

  it('are refused when they are not amounts', () => {
    for (const text of ['', '-1', '7.999', 'seven', '1e3', '12.3.4']) expect(parseAmount(text, 'USD'), text).toBeNull();
    expect(parseAmount('12.5', 'JPY')).toBeNull();
  });

  it('are shown back as typed', () => {
    expect(amountText(799, 'USD')).toBe('7.99');
    expect(amountText(0, 'USD')).toBe('0.00');
    expect(amountText(1200, 'JPY')).toBe('1200');
  });
});

describe('datetime-local values', () => {
  it('round-trip an instant to the minute in local time', () => {
    const ms = new Date(2030, 4, 6, 7, 8).getTime();
    expect(localInputValue(ms)).toBe('2030-05-06T07:08');
    expect(fromLocalInput('2030-05-06T07:08')).toBe(ms);
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('soon')).toBeNull();
  });
});
