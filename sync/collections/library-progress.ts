/**
 * Where a person is in a book: one document per (person, book), id `${userId}:${bookId}`. The
 * position is a chapter id plus a text-quote anchor, so it survives font changes and re-flow; the
 * fraction is the fallback when the quote no longer matches. Owner-only.
 */
import { z } from 'zod';
import { defineCollection, latestEditWins } from '../replication/collection';
import { MAX_DOC_ID_LENGTH } from '../replication/limits';
import { textQuoteSchema } from './text-quote';

const libraryProgressSchema = () =>
  z.object({
    id: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    ownerId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    bookId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    position: z.object({
      chapterId: z.string().min(1).max(200),
      quote: textQuoteSchema(),
      /** Fraction through the chapter, 0–1. */
      chapterFraction: z.number().min(0).max(1),
      /** Fraction through the whole book, 0–1, for the library list. */
      progress: z.number().min(0).max(1),
    }),
    updatedAt: z.number().int().nonnegative(),
  });
export type LibraryProgress = z.infer<ReturnType<typeof libraryProgressSchema>>;

export const progressId = (userId: string, bookId: string) => `${userId}:${bookId}`;

export const libraryProgress = defineCollection({
  name: 'library-progress',
  schema: libraryProgressSchema,
  version: 0,
  primaryKey: 'id',
  indexes: ['ownerId'],
  visibility: {
    audience: (doc) => [doc.ownerId],
    mayWrite: (doc, previous, userId) =>
      doc.ownerId === userId && doc.id === progressId(userId, doc.bookId) && (previous === null || previous.ownerId === userId),
  },
  // The newest position wins: the device the person read on last is where they are.
  conflict: latestEditWins,
});
