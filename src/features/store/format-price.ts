/** Prices for people: "Free" for zero, otherwise the amount in the book's currency. */
export function formatPrice(priceCents: number, currency: string, locale?: string): string {
  if (priceCents === 0) return 'Free';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(priceCents / 100);
  } catch {
    return `${(priceCents / 100).toFixed(2)} ${currency}`;
  }
}
