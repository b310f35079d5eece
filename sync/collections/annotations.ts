/** Bookmarks and highlights (with an optional note) in a book, anchored by chapter + text quote. Owner-only. */
import { z } from 'zod';
import { defineCollection, latestEditWins } from '../replication/collection';
import { MAX_DOC_ID_LENGTH } from '../replication/limits';
import { textQuoteSchema } from './text-quote';

export const HIGHLIGHT_COLOURS = ['yellow', 'green', 'blue', 'pink'] as const;

const annotationSchema = () =>
  z.object({
    id: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    ownerId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    bookId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    kind: z.enum(['bookmark', 'highlight']),
    chapterId: z.string().min(1).max(200),
    quote: textQuoteSchema(),
    colour: z.enum(HIGHLIGHT_COLOURS),
    note: z.string().max(10_000),
    createdAt: z.number().int().nonnegative(),
    updatedAt: z.number().int().nonnegative(),
  });
export type Annotation = z.infer<ReturnType<typeof annotationSchema>>;

export const annotations = defineCollection({
  name: 'annotations',
  schema: annotationSchema,
  version: 0,
  primaryKey: 'id',
  indexes: ['ownerId', 'bookId'],
  visibility: {
    audience: (doc) => [doc.ownerId],
    mayWrite: (doc, previous, userId) => doc.ownerId === userId && (previous === null || previous.ownerId === userId),
  },
  conflict: latestEditWins,
});
