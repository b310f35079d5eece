/**
 * The checks that are pure functions of the edition, by name. A check named in
 * sync/publishing/checks.ts (EDITION_CHECKS) must be here — the type says so — except epubcheck,
 * which runs a program and so runs last, in run.ts. Adding a check: its module and test beside
 * this file, its name and label in EDITION_CHECKS, its line here.
 */
import type { CheckName } from '../../../sync/publishing/checks';
import { chaptersCheck } from './chapters';
import { coverCheck } from './cover';
import { fieldsCheck } from './fields';
import { imagesCheck } from './images';
import { isbnCheck } from './isbn';
import { linksCheck } from './links';
import type { EditionCheckFn } from './types';

export const PURE_CHECKS: Record<Exclude<CheckName, 'epubcheck'>, EditionCheckFn> = {
  fields: fieldsCheck,
  isbn: isbnCheck,
  cover: coverCheck,
  chapters: chaptersCheck,
  links: linksCheck,
  images: imagesCheck,
};
