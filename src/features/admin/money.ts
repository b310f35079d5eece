/**
 * Amounts as admins type them ("7.99", "7", "0,99") and minor units as the API wants them, in the
 * currency's own number of decimals (two for USD and EUR, none for JPY); and instants as a
 * <input type="datetime-local"> holds them, in the admin's time zone.
 */
import { minorDigits as decimals } from '../../../sync/store/money';

/** Minor units for the amount typed, or null when it is not an amount. */
export function parseAmount(text: string, currency: string): number | null {
  const places = decimals(currency);
  const match = /^(\d{1,9})(?:[.,](\d*))?$/.exec(text.trim());
  if (!match || (match[2] ?? '').length > places) return null;
  return Number(match[1]) * 10 ** places + Number((match[2] ?? '').padEnd(places, '0') || 0);
}

/** The amount of `cents` minor units as the input shows it: "7.99", "0.00", "1200". */
export function amountText(cents: number, currency: string): string {
  const places = decimals(currency);
  return places === 0 ? String(cents) : (cents / 10 ** places).toFixed(places);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A datetime-local value (local time, to the minute) for an instant. */
export function localInputValue(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant of a datetime-local value, or null when empty or unreadable. */
export function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}
