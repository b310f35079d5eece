/**
 * ISBNs, the one module (DOMAIN.md "ISBN"): checksums for ISBN-10 and ISBN-13, the conversion
 * between them, the canonical form Quire stores (13 digits, no hyphens) and blocks of numbers
 * as an ISBN agency sells them. Pure, shared by the store's search, the canonical book format and
 * the publisher's ISBN pool. Hyphenation is not here: it needs the agency's range table.
 */

/** Why a line is not an ISBN, for per-line reports. */
export type IsbnProblem = 'characters' | 'length' | 'prefix' | 'checksum';

/** What each problem means, for people: the same words wherever an ISBN is typed or imported. */
export const ISBN_PROBLEM_MESSAGES: Record<IsbnProblem, string> = {
  characters: 'Only digits, hyphens and spaces (and X as the last character of an ISBN-10).',
  length: 'An ISBN has 10 or 13 digits.',
  prefix: 'An ISBN-13 starts with 978 or 979.',
  checksum: 'The check digit does not match: a digit is mistyped.',
};

export type IsbnCheck = { ok: true; isbn13: string } | { ok: false; problem: IsbnProblem };

/** The ISBN as typed without its separators: hyphens and spaces go, a lower-case x becomes X. */
export function compactIsbn(input: string): string {
  return input.replace(/[\s\u2010-\u2015-]/g, '').toUpperCase();
}

/** Weights 1, 3, 1, 3 … over the first 12 digits; check = (10 − sum mod 10) mod 10. */
function isbn13CheckDigit(first12: string): string {
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return String((10 - (sum % 10)) % 10);
}

/** Weights 10 down to 2 over the first 9 digits; the check makes the total a multiple of 11 (10 is written X). */
function isbn10CheckChar(first9: string): string {
  const sum = [...first9].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

/** True when `isbn` is a valid ISBN-13 in canonical form (13 digits, 978 or 979, correct check digit). */
export function isValidIsbn13(isbn: string): boolean {
  return /^97[89]\d{10}$/.test(isbn) && isbn13CheckDigit(isbn.slice(0, 12)) === isbn[12];
}

/** True when `isbn` is a valid ISBN-10 without separators (check character X for 10). */
export function isValidIsbn10(isbn: string): boolean {
  return /^\d{9}[\dX]$/.test(isbn) && isbn10CheckChar(isbn.slice(0, 9)) === isbn[9];
}

/** 10 → 13: prefix 978, drop the old check digit, compute the new one. `isbn10` must be valid. */
export function isbn10To13(isbn10: string): string {
  const first12 = `978${isbn10.slice(0, 9)}`;
  return first12 + isbn13CheckDigit(first12);
}

/** 13 → 10, for 978 numbers only: 979 numbers have no ISBN-10 (null). `isbn13` must be valid. */
export function isbn13To10(isbn13: string): string | null {
  if (!isbn13.startsWith('978')) return null;
  const first9 = isbn13.slice(3, 12);
  return first9 + isbn10CheckChar(first9);
}

/** What the input is: an ISBN-10 or ISBN-13 (separators allowed) as its ISBN-13, or why not. */
export function checkIsbn(input: string): IsbnCheck {
  const compact = compactIsbn(input);
  if (!/^\d*X?$/.test(compact) || (compact.endsWith('X') && compact.length !== 10)) return { ok: false, problem: 'characters' };
  if (compact.length === 13) {
    if (!/^97[89]/.test(compact)) return { ok: false, problem: 'prefix' };
    return isValidIsbn13(compact) ? { ok: true, isbn13: compact } : { ok: false, problem: 'checksum' };
  }
  if (compact.length === 10) return isValidIsbn10(compact) ? { ok: true, isbn13: isbn10To13(compact) } : { ok: false, problem: 'checksum' };
  return { ok: false, problem: 'length' };
}

/** The ISBN-13 the input stands for, or null when it is not a valid ISBN-10 or ISBN-13. */
export function normalizeIsbn(input: string): string | null {
  const checked = checkIsbn(input);
  return checked.ok ? checked.isbn13 : null;
}

/**
 * A block as an agency assigns it: `count` ISBN-13s from `start` (included), each the previous
 * one's 12-digit body plus one with its check digit recomputed. Null when the block would run
 * past the start's prefix (978 into 979, or past 979): no agency block does.
 */
export function expandIsbnBlock(start: string, count: number): string[] | null {
  if (!isValidIsbn13(start) || !Number.isInteger(count) || count < 1) return null;
  const body = Number(start.slice(0, 12));
  const prefixEnd = Number(`${start.slice(0, 3)}999999999`);
  if (body + count - 1 > prefixEnd) return null;
  return Array.from({ length: count }, (_, i) => {
    const first12 = String(body + i);
    return first12 + isbn13CheckDigit(first12);
  });
}
