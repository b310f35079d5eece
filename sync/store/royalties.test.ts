import { describe, expect, it } from 'vitest';
import { minorToDecimal, formatMoney, minorDigits } from './money';
import {
  IMPRINT_AUTHOR_SHARE_BASIS_POINTS,
  PAYMENT_FEE_BASIS_POINTS,
  RIGHTS_HOLDER_SHARE_BASIS_POINTS,
  earningsOf,
  orderFee,
  reverseForRefund,
  splitSale,
  type LineSplit,
} from './royalties';

const total = (s: LineSplit) => s.feeCents + s.platformCents + s.publisherCents + s.authorCents.reduce((a, b) => a + b, 0);

describe('the royalty split', () => {
  it('is the documented one', () => {
    expect([PAYMENT_FEE_BASIS_POINTS, RIGHTS_HOLDER_SHARE_BASIS_POINTS, IMPRINT_AUTHOR_SHARE_BASIS_POINTS]).toEqual([290, 7000, 2500]);
  });

  it('charges 2.9 % plus the fixed fee per order, never more than the order', () => {
    expect(orderFee(899, 'USD')).toBe(26 + 30);
    expect(orderFee(1000, 'EUR')).toBe(29 + 25);
    expect(orderFee(1000, 'gbp')).toBe(29 + 20);
    expect(orderFee(1000, 'JPY')).toBe(29); // no fixed part listed
    expect(orderFee(20, 'USD')).toBe(20);
    expect(orderFee(0, 'USD')).toBe(0);
  });

  it('pays a self-published author 70 % of net receipts', () => {
    const split = splitSale({ priceCents: 899, orderTotalCents: 899, currency: 'USD', authorCount: 1, imprint: false });
    expect(split).toEqual({ grossCents: 899, feeCents: 56, netCents: 843, platformCents: 253, publisherCents: 0, authorCents: [590] });
    expect(total(split)).toBe(899);
  });

  it('pays an imprint 70 % of net receipts, 25 % of which goes on to the authors', () => {
    const split = splitSale({ priceCents: 1299, orderTotalCents: 1299, currency: 'USD', authorCount: 1, imprint: true });
    // fee 38 + 30 = 68; net 1231; rights 862; authors 216; publisher 646; Quire 369
    expect(split).toEqual({ grossCents: 1299, feeCents: 68, netCents: 1231, platformCents: 369, publisherCents: 646, authorCents: [216] });
    expect(total(split)).toBe(1299);
  });

  it('shares the order’s fee among its lines by price', () => {
    const fee = orderFee(1500, 'USD'); // 44 + 30
    const a = splitSale({ priceCents: 1000, orderTotalCents: 1500, currency: 'USD', authorCount: 1, imprint: false });
    const b = splitSale({ priceCents: 500, orderTotalCents: 1500, currency: 'USD', authorCount: 1, imprint: false });
    expect(a.feeCents).toBe(49);
    expect(b.feeCents).toBe(25);
    expect(a.feeCents + b.feeCents).toBe(fee);
  });

  it('splits among several authors equally, the odd minor units to the first', () => {
    const split = splitSale({ priceCents: 1000, orderTotalCents: 1000, currency: 'USD', authorCount: 3, imprint: false });
    // fee 59; net 941; authors 659 → 220, 220, 219
    expect(split.authorCents).toEqual([220, 220, 219]);
    expect(total(split)).toBe(1000);
    expect(earningsOf(split, { authorPositions: [1], publisher: false })).toBe(220);
    expect(earningsOf(split, { authorPositions: [], publisher: true })).toBe(0);
  });

  it('gives an imprint without authors the whole rights share, and keeps it with Quire when nobody holds the rights', () => {
    const imprintOnly = splitSale({ priceCents: 1000, orderTotalCents: 1000, currency: 'USD', authorCount: 0, imprint: true });
    expect(imprintOnly.publisherCents).toBe(659);
    expect(imprintOnly.authorCents).toEqual([]);
    const nobody = splitSale({ priceCents: 1000, orderTotalCents: 1000, currency: 'USD', authorCount: 0, imprint: false });
    expect(nobody.platformCents).toBe(941);
    expect(total(nobody)).toBe(1000);
  });

  it('never pays out more than a tiny sale took in', () => {
    const split = splitSale({ priceCents: 25, orderTotalCents: 25, currency: 'USD', authorCount: 1, imprint: false });
    expect(split).toMatchObject({ feeCents: 25, netCents: 0, authorCents: [0], platformCents: 0 });
  });

  it('works in a currency without minor units', () => {
    const split = splitSale({ priceCents: 800, orderTotalCents: 800, currency: 'JPY', authorCount: 1, imprint: false });
    expect(split).toEqual({ grossCents: 800, feeCents: 23, netCents: 777, platformCents: 233, publisherCents: 0, authorCents: [544] });
  });

  it('takes back exactly what a fully refunded sale paid, but not the provider’s fee', () => {
    const sale = splitSale({ priceCents: 1299, orderTotalCents: 2198, currency: 'USD', authorCount: 2, imprint: true });
    const refund = reverseForRefund(sale, 1299);
    expect(refund.grossCents).toBe(-1299);
    expect(refund.feeCents).toBe(0);
    expect(refund.publisherCents).toBe(-sale.publisherCents);
    expect(refund.authorCents).toEqual(sale.authorCents.map((c) => -c));
    expect(refund.platformCents).toBe(-sale.platformCents);
    // Quire is left with the fee it paid on a sale that earned nothing.
    expect(sale.platformCents + refund.platformCents).toBe(0);
  });

  it('takes back a partial refund in proportion', () => {
    const sale = splitSale({ priceCents: 1000, orderTotalCents: 1000, currency: 'USD', authorCount: 1, imprint: false });
    const refund = reverseForRefund(sale, 500);
    expect(refund.grossCents).toBe(-500);
    expect(refund.authorCents).toEqual([-330]); // half of 659, rounded away from zero
    expect(refund.netCents).toBe(-471);
    expect(refund.platformCents + refund.authorCents[0]!).toBe(refund.netCents);
    expect(reverseForRefund(sale, 5000).grossCents).toBe(-1000); // never more than the line
  });
});

describe('money', () => {
  it('knows each currency’s minor unit', () => {
    expect([minorDigits('USD'), minorDigits('JPY'), minorDigits('KWD'), minorDigits('XYZ1')]).toEqual([2, 0, 3, 2]);
  });
  it('writes exact decimals', () => {
    expect(minorToDecimal(629, 'USD')).toBe('6.29');
    expect(minorToDecimal(-5, 'EUR')).toBe('-0.05');
    expect(minorToDecimal(0, 'USD')).toBe('0.00');
    expect(minorToDecimal(500, 'JPY')).toBe('500');
    expect(minorToDecimal(1234, 'KWD')).toBe('1.234');
  });
  it('formats for people with Intl', () => {
    expect(formatMoney(629, 'USD', 'en-US')).toBe('$6.29');
    expect(formatMoney(0, 'USD', 'en-US')).toBe('$0.00');
    expect(formatMoney(500, 'JPY', 'en-US')).toBe('¥500');
    expect(formatMoney(-150, 'EUR', 'en-US')).toBe('-€1.50');
  });
});
