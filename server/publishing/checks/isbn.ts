/**
 * ISBN: the checksum (DOMAIN.md: ISBN-13 weights 1, 3 …; ISBN-10 weights 10 … 2, X for 10) and
 * uniqueness — one ISBN per format and edition, never transferable, so a number another book
 * carries, or that sits in another imprint's pool, is refused. No ISBN is allowed (Quire sells
 * ebooks without one): the check says it did not run rather than that it passed.
 */
import { checkIsbn, type IsbnProblem } from '../../../sync/isbn';
import type { CheckOutcome, EditionCheckFn } from './types';

const PROBLEM: Record<IsbnProblem, string> = {
  characters: 'has characters an ISBN cannot have (digits only, and X as an ISBN-10’s last)',
  length: 'is neither 10 nor 13 digits long',
  prefix: 'does not start with 978 or 979, as every ISBN-13 does',
  checksum: 'has a wrong check digit (its last digit does not match the others): a typing mistake?',
};

export const isbnCheck: EditionCheckFn = ({ isbn }): CheckOutcome => {
  if (!isbn) return { status: 'not_run', message: 'No ISBN given: nothing to check. The store sells ebooks without one.', findings: [] };
  const checked = checkIsbn(isbn.value);
  if (!checked.ok)
    return {
      status: 'failed',
      message: `The ISBN ${isbn.value} is not valid.`,
      findings: [{ where: `ISBN ${isbn.value}`, reason: `It ${PROBLEM[checked.problem]}.` }],
    };
  const findings = isbn.otherBooks.map((b) => ({ where: `ISBN ${checked.isbn13}`, reason: `“${b.title}” already carries it: one ISBN per edition.` }));
  const { pool } = isbn;
  if (pool && !pool.ownImprint)
    findings.push({ where: `ISBN ${checked.isbn13}`, reason: `It belongs to the ISBN pool of ${pool.imprintName}, not to this book’s publisher.` });
  else if (pool?.assignedTo && !isbn.otherBooks.some((b) => b.id === pool.assignedTo!.id))
    findings.push({ where: `ISBN ${checked.isbn13}`, reason: `The pool of ${pool.imprintName} has it assigned to “${pool.assignedTo.title}”.` });
  if (findings.length > 0) return { status: 'failed', message: `The ISBN ${checked.isbn13} is already taken.`, findings };
  return { status: 'passed', message: `ISBN ${checked.isbn13}: the check digit is right and no other book carries it.`, findings: [] };
};
