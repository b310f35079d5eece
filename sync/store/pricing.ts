/**
 * The rules of a store book's price and discount window, shared so the admin's form says what the
 * server would refuse before it is sent. Prices are minor units of the book's currency (cents).
 * A discount has a price and both ends; it must be cheaper than the list price, end after it
 * starts, and not be over already.
 */

/** The catalogue's own ceiling (sync/book-format.ts): 100,000.00 in the book's currency. */
export const MAX_PRICE_CENTS = 10_000_000;

export interface PriceInput {
  priceCents: number;
  discountPriceCents: number | null;
  discountStartsAt: number | null;
  discountEndsAt: number | null;
}

export type PriceField = keyof PriceInput;

/** A message per field that breaks a rule; empty when the input may be saved. */
export function priceErrors(input: PriceInput, now: number): Partial<Record<PriceField, string>> {
  const errors: Partial<Record<PriceField, string>> = {};
  const { priceCents, discountPriceCents, discountStartsAt, discountEndsAt } = input;
  if (!Number.isInteger(priceCents) || priceCents < 0) errors.priceCents = 'The price must be zero or more.';
  else if (priceCents > MAX_PRICE_CENTS) errors.priceCents = 'The price is too high.';
  if (discountPriceCents === null) {
    if (discountStartsAt !== null || discountEndsAt !== null) errors.discountPriceCents = 'Enter the discount price, or clear the dates.';
    return errors;
  }
  if (!Number.isInteger(discountPriceCents) || discountPriceCents < 0) errors.discountPriceCents = 'The discount price must be zero or more.';
  else if (!errors.priceCents && discountPriceCents >= priceCents) errors.discountPriceCents = 'The discount price must be lower than the price.';
  if (discountStartsAt === null) errors.discountStartsAt = 'Choose when the discount starts.';
  if (discountEndsAt === null) errors.discountEndsAt = 'Choose when the discount ends.';
  else if (discountStartsAt !== null && discountEndsAt <= discountStartsAt) errors.discountEndsAt = 'The discount must end after it starts.';
  else if (discountEndsAt <= now) errors.discountEndsAt = 'This end is in the past: the discount would never run.';
  return errors;
}

/** The price a buyer pays at `now`: the discount's while its window is open (the same rule as the store's SQL). */
export function effectivePriceAt(input: PriceInput, now: number): number {
  const { discountPriceCents: d, discountStartsAt: start, discountEndsAt: end } = input;
  const runs = d !== null && (start === null || start <= now) && (end === null || end > now);
  return runs ? d : input.priceCents;
}
