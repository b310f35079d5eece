/** Random identifiers and tokens from the CSPRNG. */
import { randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** 120 bits, base32: ids of rows that may appear in URLs. */
export function newId(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(15));
}

/** 160 bits, base32: the secret half of session tokens and e-mailed codes. */
export function newSecret(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(20));
}

/** Short id for a failure, shown on the failure page and logged with the stack. */
export function newDigest(): string {
  return randomBytes(5).toString('hex');
}
