/**
 * Quire's royalty split (decision 024): what one sold order line pays whom. Every amount is an
 * integer in the order's currency's minor unit, and the parts of a line always add up to it.
 *
 *   gross      the price the buyer paid for the line (tax-inclusive, as sold)
 *   − fee      the payment provider's fee, modelled as PAYMENT_FEE_BASIS_POINTS of the order plus
 *              PAYMENT_FEE_FIXED_MINOR per order, shared among the order's lines by price
 *   = net receipts
 *     RIGHTS_HOLDER_SHARE_BASIS_POINTS of it to the rights holders, the rest to Quire:
 *     - a self-published book: the rights holders are its authors, in equal parts;
 *     - a book under an imprint: the imprint (its publisher), which pays its authors
 *       IMPRINT_AUTHOR_SHARE_BASIS_POINTS of what it receives.
 *
 * A refund takes back exactly what the sale paid each party (in proportion to the amount
 * refunded), booked when the refund happens; the provider keeps its fee, and Quire bears it.
 * Shared with the client, which shows these numbers to authors.
 */

/** 2.9 % of the order: Stripe's standard card pricing, the provider Quire sells through. */
export const PAYMENT_FEE_BASIS_POINTS = 290;
/** The fixed part of the fee per order, in the minor unit; a currency not listed has none. */
export const PAYMENT_FEE_FIXED_MINOR: Readonly<Record<string, number>> = { USD: 30, CAD: 30, AUD: 30, EUR: 25, GBP: 20 };
/** Of net receipts, the rights holders' share (KDP pays 70 % of list price in its main band). */
export const RIGHTS_HOLDER_SHARE_BASIS_POINTS = 7000;
/** For a book under an imprint: the authors' share of the imprint's receipts (the usual ebook royalty). */
export const IMPRINT_AUTHOR_SHARE_BASIS_POINTS = 2500;

const WHOLE = 10_000;

/** `amount × numerator / denominator`, rounded half away from zero; 0 when the denominator is. */
function share(amount: number, numerator: number, denominator: number): number {
  if (denominator === 0) return 0;
  const exact = (Math.abs(amount) * numerator) / denominator;
  return Math.sign(amount) * Math.round(exact);
}

/** The provider's fee for a whole order, never more than the order. */
export function orderFee(orderTotalCents: number, currency: string): number {
  if (orderTotalCents <= 0) return 0;
  const fee = share(orderTotalCents, PAYMENT_FEE_BASIS_POINTS, WHOLE) + (PAYMENT_FEE_FIXED_MINOR[currency.toUpperCase()] ?? 0);
  return Math.min(fee, orderTotalCents);
}

export interface SoldLine {
  priceCents: number;
  /** The whole order's total, which the fee is charged on. */
  orderTotalCents: number;
  currency: string;
  /** Contributors with the role author or co-author, in the book's order. */
  authorCount: number;
  /** Published under an imprint, whose publisher is then paid. */
  imprint: boolean;
}

export interface LineSplit {
  grossCents: number;
  feeCents: number;
  netCents: number;
  platformCents: number;
  publisherCents: number;
  /** One amount per author, in the book's order. */
  authorCents: number[];
}

/** `pool` in `count` equal parts; the minor units left over go one each to the first. */
function equalParts(pool: number, count: number): number[] {
  if (count <= 0) return [];
  const base = Math.trunc(pool / count);
  const rest = pool - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < Math.abs(rest) ? Math.sign(rest) : 0));
}

/** What a sold line pays each party. */
export function splitSale(line: SoldLine): LineSplit {
  const grossCents = Math.max(0, line.priceCents);
  const feeCents = Math.min(grossCents, share(orderFee(line.orderTotalCents, line.currency), grossCents, line.orderTotalCents));
  const netCents = grossCents - feeCents;
  const hasHolder = line.imprint || line.authorCount > 0;
  // With nobody to pay (no author, no imprint) the rights holders' share stays with Quire.
  const rights = hasHolder ? share(netCents, RIGHTS_HOLDER_SHARE_BASIS_POINTS, WHOLE) : 0;
  const authorsPool = line.imprint ? (line.authorCount > 0 ? share(rights, IMPRINT_AUTHOR_SHARE_BASIS_POINTS, WHOLE) : 0) : rights;
  return {
    grossCents,
    feeCents,
    netCents,
    platformCents: netCents - rights,
    publisherCents: rights - authorsPool,
    authorCents: equalParts(authorsPool, line.authorCount),
  };
}

/**
 * What a refund of `refundedCents` of the line takes back: each party's part of the sale in
 * proportion, as negative amounts (all of it for a full refund). The fee is not returned by the
 * provider, so it is not reversed; the gross is.
 */
export function reverseForRefund(sale: LineSplit, refundedCents: number): LineSplit {
  const refunded = Math.min(Math.max(0, refundedCents), sale.grossCents);
  const back = (amount: number) => -share(amount, refunded, sale.grossCents);
  const publisherCents = back(sale.publisherCents);
  const authorCents = sale.authorCents.map(back);
  const netCents = back(sale.netCents);
  return {
    grossCents: -refunded,
    feeCents: 0,
    netCents,
    platformCents: netCents - publisherCents - authorCents.reduce((a, b) => a + b, 0),
    publisherCents,
    authorCents,
  };
}

/** The part of a split that belongs to one account: the author positions it holds, and the imprint's part if it is one of its publishers. */
export function earningsOf(split: LineSplit, holder: { authorPositions: readonly number[]; publisher: boolean }): number {
  const asAuthor = holder.authorPositions.reduce((sum, i) => sum + (split.authorCents[i] ?? 0), 0);
  return asAuthor + (holder.publisher ? split.publisherCents : 0);
}
