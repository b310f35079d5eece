/**
 * ISBN as people type it into a search box: hyphens and spaces allowed, ISBN-10 or ISBN-13.
 * The catalogue stores ISBN-13 without hyphens (DOMAIN.md), so a query is normalised to that:
 * an ISBN-10 becomes 978 + its first nine digits + a new ISBN-13 check digit.
 */
import { isValidIsbn13 } from '../book-format';

function isValidIsbn10(isbn: string): boolean {
  if (!/^\d{9}[\dX]$/.test(isbn)) return false;
  const sum = [...isbn].reduce((acc, ch, i) => acc + (ch === 'X' ? 10 : Number(ch)) * (10 - i), 0);
  return sum % 11 === 0;
}

function isbn13CheckDigit(first12: string): number {
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

/** The ISBN-13 the input stands for, or null when it is not a valid ISBN-10 or ISBN-13. */
export function normalizeIsbn(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '').toUpperCase();
  if (compact.length === 13) return isValidIsbn13(compact) ? compact : null;
  if (compact.length === 10 && isValidIsbn10(compact)) {
    const first12 = `978${compact.slice(0, 9)}`;
    return `${first12}${isbn13CheckDigit(first12)}`;
  }
  return null;
}
