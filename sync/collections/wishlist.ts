/**
 * Wishlist: books a person wants, one document per book. Title, authors, cover and price are
 * copied from the book card when added, so /my-wishlist renders offline. Only the owner pulls
 * or writes an entry.
 */
import { z } from 'zod';
import { defineCollection, latestEditWins } from '../replication/collection';
import { MAX_DOC_ID_LENGTH } from '../replication/limits';

const wishlistEntrySchema = () =>
  z.object({
    /**
     * `<ownerId>:<bookId>`, so adding the same book twice on two devices converges on one entry;
     * checked on write, so nobody can take an id another person's entry will need.
     */
    id: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    ownerId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    bookId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    title: z.string().max(300),
    authors: z.string().max(500),
    coverUrl: z.string().max(500),
    priceCents: z.number().int().min(0).max(100_000_000),
    currency: z.string().max(8),
    addedAt: z.number().int().nonnegative(),
    /** The writing device's clock, for display; the change feed orders by the server's own time. */
    updatedAt: z.number().int().nonnegative(),
  });
export type WishlistEntry = z.infer<ReturnType<typeof wishlistEntrySchema>>;

export function wishlistEntryId(ownerId: string, bookId: string): string {
  return `${ownerId}:${bookId}`.slice(0, MAX_DOC_ID_LENGTH);
}

export const wishlist = defineCollection({
  name: 'wishlist',
  schema: wishlistEntrySchema,
  version: 0,
  primaryKey: 'id',
  indexes: ['ownerId'],
  visibility: {
    audience: (entry) => [entry.ownerId],
    mayWrite: (entry, previous, userId) =>
      entry.ownerId === userId && entry.id === wishlistEntryId(userId, entry.bookId) && (previous === null || previous.ownerId === userId),
  },
  conflict: latestEditWins,
});
