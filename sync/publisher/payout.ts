/**
 * An imprint's payout account, checked the same way in the form and on the server: an IBAN (ISO
 * 13616: country, two check digits, the national number; the check digits by ISO 7064 mod 97-10)
 * or a domestic account number with its bank code (a US routing number, a UK sort code, …). Once
 * saved, only the last four characters are ever shown again ("•••• 1234").
 */

/** IBAN lengths by country (SWIFT's IBAN registry) for the countries Quire pays out to most; others get the generic 15–34. */
const IBAN_LENGTHS: Record<string, number> = {
  AT: 20,
  BE: 16,
  CH: 21,
  CZ: 24,
  DE: 22,
  DK: 18,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GR: 27,
  HU: 28,
  IE: 22,
  IT: 27,
  LU: 20,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
};

/** Spaces and hyphens people type are not part of the number. */
export function compactAccount(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** ISO 7064 mod 97-10 over the IBAN with its first four characters moved to the end, letters as 10–35. */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const digits = /[0-9]/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/** Why `value` is not an IBAN, in words for the field; null when it is one. */
export function ibanProblem(value: string): string | null {
  const iban = compactAccount(value);
  if (iban === '') return 'Enter the IBAN.';
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban)) return 'An IBAN starts with a country code and two check digits, then letters and digits only.';
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return `A ${iban.slice(0, 2)} IBAN has ${expected} characters; this one has ${iban.length}.`;
  if (iban.length < 15 || iban.length > 34) return 'An IBAN has 15 to 34 characters.';
  if (mod97(iban) !== 1) return 'The check digits do not match: please check the IBAN for a typing mistake.';
  return null;
}

/** A domestic account number: 4 to 17 digits. */
export function accountNumberProblem(value: string): string | null {
  const digits = compactAccount(value);
  if (digits === '') return 'Enter the account number.';
  if (!/^[0-9]{4,17}$/.test(digits)) return 'An account number has 4 to 17 digits.';
  return null;
}

/** The bank's code next to a domestic account number: a 6-digit sort code or a 9-digit routing number, and the like. */
export function bankCodeProblem(value: string): string | null {
  const digits = compactAccount(value);
  if (digits === '') return 'Enter the bank code (sort code or routing number).';
  if (!/^[0-9]{5,11}$/.test(digits)) return 'A bank code has 5 to 11 digits.';
  return null;
}

/** "•••• 1234": all the account ever shows of a saved number. */
export function maskAccount(last4: string): string {
  return `•••• ${last4}`;
}
