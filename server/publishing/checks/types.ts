/**
 * What every automatic check of a submission sees and answers (decision 045). A check is a pure
 * function of CheckInput — the frozen edition plus the few facts only the database knows (who
 * else carries the ISBN, the cover's pixel size, each image's bytes), gathered once by gather.ts —
 * so each is tested with plain objects beside it, and adding one is a file and a line in registry.ts.
 */
import type { CanonicalBook } from '../../../sync/book-format';
import type { CheckStatus } from '../../../sync/publishing/checks';

/** One problem and where it is: which chapter, which link, which image, which field. */
export interface Finding {
  where: string;
  reason: string;
}

export interface CheckOutcome {
  status: Exclude<CheckStatus, 'pending'>;
  /** One plain sentence: the verdict, and the rule behind it. */
  message: string;
  findings: Finding[];
}

export interface IsbnFacts {
  /** As given (typed by the author, or the store book's). */
  value: string;
  /** Other books that carry the same ISBN-13. */
  otherBooks: { id: string; title: string }[];
  /** The imprint pool that holds the number, if any. */
  pool: { imprintName: string; ownImprint: boolean; assignedTo: { id: string; title: string } | null } | null;
}

export type CoverFacts = { path: string; width: number; height: number; bytes: number } | { path: string; unreadable: true };

export interface ImageFacts {
  chapterId: string;
  /** What the reviewer recognises: the file's name, else its path. */
  name: string;
  bytes: number;
}

export interface CheckInput {
  book: CanonicalBook;
  /** The details as submitted (JSON as stored: checked again here, the rules may have changed). */
  metadata: unknown;
  /** Null when the book has no ISBN. */
  isbn: IsbnFacts | null;
  /** Null when the edition has no cover. */
  cover: CoverFacts | null;
  images: ImageFacts[];
}

export type EditionCheckFn = (input: CheckInput) => CheckOutcome;

/** "Chapter 3 “The storm”": how the pages name a chapter of the edition. */
export function chapterLabel(book: CanonicalBook, chapterId: string): string {
  const index = book.chapters.findIndex((c) => c.id === chapterId);
  if (index < 0) return 'A chapter no longer in the book';
  const number = `Chapter ${index + 1}`;
  const title = book.chapters[index]!.title;
  // An untitled chapter is called "Chapter 2" already: said once.
  return title === number ? number : `${number} “${title}”`;
}

/** How many of something, in words ("1 chapter", "3 chapters"). */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
