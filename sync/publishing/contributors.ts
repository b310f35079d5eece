/**
 * Contributor roles as the book trade codes them: ONIX for Books code list 17 (ContributorRole).
 * The metadata forms and ONIX uploads speak these codes; the canonical book format keeps its own
 * words (sync/book-format.ts), so each code has one word and each word one code. Quire's "co-author"
 * is an author like any other in ONIX (A01 for each of them).
 */
import type { Contributor } from '../book-format';

export const CONTRIBUTOR_ROLE_CODES = {
  A01: 'Author',
  B01: 'Editor',
  A12: 'Illustrator',
  B06: 'Translator',
  E07: 'Narrator',
} as const;
export type ContributorRoleCode = keyof typeof CONTRIBUTOR_ROLE_CODES;

const BOOK_ROLE: Record<ContributorRoleCode, Contributor['role']> = {
  A01: 'author',
  B01: 'editor',
  A12: 'illustrator',
  B06: 'translator',
  E07: 'narrator',
};

export function isContributorRoleCode(code: string): code is ContributorRoleCode {
  return Object.hasOwn(CONTRIBUTOR_ROLE_CODES, code);
}

/** The canonical format's word for an ONIX code. */
export function bookRoleOf(code: ContributorRoleCode): Contributor['role'] {
  return BOOK_ROLE[code];
}

/** The ONIX code for a canonical role word ("co-author" is A01). */
export function roleCodeOf(role: Contributor['role']): ContributorRoleCode {
  if (role === 'co-author') return 'A01';
  return (Object.keys(BOOK_ROLE) as ContributorRoleCode[]).find((code) => BOOK_ROLE[code] === role) ?? 'A01';
}
