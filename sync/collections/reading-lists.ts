/**
 * Reading lists: a person's named, ordered lists of books with a note per book. Only the owner
 * replicates a list (public and unlisted lists are shown to others by an online view, never
 * synced into their devices), and only the owner may write it.
 */
import { z } from 'zod';
import { defineCollection, latestEditWins } from '../replication/collection';
import { MAX_DOC_ID_LENGTH } from '../replication/limits';
import { coverUrlSchema } from './cover-url';

export const LIST_VISIBILITIES = ['private', 'unlisted', 'public'] as const;
const MAX_LIST_ITEMS = 500;

const readingListItemSchema = () =>
  z.object({
    bookId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    note: z.string().max(2000),
    position: z.number().int().min(0).max(1_000_000),
    /** Copies of the book's card, taken when it was added, so a list renders offline. */
    title: z.string().max(300).optional(),
    authors: z.string().max(500).optional(),
    coverUrl: coverUrlSchema().optional(),
  });
export type ReadingListItem = z.infer<ReturnType<typeof readingListItemSchema>>;

const readingListSchema = () =>
  z.object({
    id: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    ownerId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    name: z.string().max(120).regex(/\S/, 'Give the list a name.'),
    description: z.string().max(2000),
    visibility: z.enum(LIST_VISIBILITIES),
    items: z.array(readingListItemSchema()).max(MAX_LIST_ITEMS),
    createdAt: z.number().int().nonnegative(),
    /** The writing device's clock, for display; the change feed orders by the server's own time. */
    updatedAt: z.number().int().nonnegative(),
  });
export type ReadingList = z.infer<ReturnType<typeof readingListSchema>>;

export const readingLists = defineCollection({
  name: 'reading-lists',
  schema: readingListSchema,
  version: 0,
  primaryKey: 'id',
  indexes: ['ownerId'],
  visibility: {
    audience: (list) => [list.ownerId],
    mayWrite: (list, previous, userId) => list.ownerId === userId && (previous === null || previous.ownerId === userId),
  },
  conflict: latestEditWins,
});
