/**
 * Wishlist: books a person wants, one document per book. Title, authors, cover and price are
 * copied from the book card when added, so /my-wishlist renders offline. Only the owner pulls
 * or writes an entry.
 */
import { defineCollection, latestEditWins } from '../replication/collection';
import { MAX_DOC_ID_LENGTH } from '../replication/limits';
import { bookEntrySchema, type BookEntry } from './book-entry';

export type WishlistEntry = BookEntry;

export function wishlistEntryId(ownerId: string, bookId: string): string {
  return `${ownerId}:${bookId}`.slice(0, MAX_DOC_ID_LENGTH);
}

export const wishlist = defineCollection({
  name: 'wishlist',
  schema: bookEntrySchema,
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
