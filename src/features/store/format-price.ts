import { formatMoney } from '../../../sync/store/money';

/** Prices for people: "Free" for zero, otherwise the amount in the book's currency (minor units, as money.ts reads them). */
export function formatPrice(priceMinor: number, currency: string, locale?: string): string {
  return priceMinor === 0 ? 'Free' : formatMoney(priceMinor, currency, locale);
}
