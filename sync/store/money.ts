/**
 * Amounts are integers in the currency's minor unit (cents; JPY has none). These turn them into
 * words and decimals through Intl, which knows each currency's digits, never by dividing by 100.
 */
const digitsCache = new Map<string, number>();

/** How many decimals `currency` has: 2 for USD and EUR, 0 for JPY, 3 for KWD. */
export function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2; // not an ISO 4217 code: show it like most currencies
    }
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** An exact decimal for files and spreadsheets: -629 USD → "-6.29", 500 JPY → "500". */
export function minorToDecimal(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = amount < 0 ? '-' : '';
  const abs = String(Math.abs(amount)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${abs}` : `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

// Building an Intl.NumberFormat costs far more than formatting with one, and shelves format a price
// per card: one per locale and currency, kept.
const formatters = new Map<string, Intl.NumberFormat>();

/** For people: "$6.29", "-€1.50", "¥500"; zero is shown as an amount, not as "Free". */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  const key = `${locale ?? ''}|${currency}`;
  try {
    let format = formatters.get(key);
    if (!format) formatters.set(key, (format = new Intl.NumberFormat(locale, { style: 'currency', currency })));
    return format.format(amount / 10 ** minorDigits(currency));
  } catch {
    return `${minorToDecimal(amount, currency)} ${currency}`;
  }
}
