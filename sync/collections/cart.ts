/**
 * The cart: books a person means to buy, one document per book, replicated so a book added on
 * the phone (offline too) is in the cart on the laptop. Title, authors and cover are copied for
 * display; the price shown is the one seen when added — checkout always re-reads prices on the
 * server, and no price is ever taken from here. Only the owner pulls or writes an entry.
 */
import { defineCollection, latestEditWins } from '../replication/collection';
import { MAX_DOC_ID_LENGTH } from '../replication/limits';
import { bookEntrySchema, type BookEntry } from './book-entry';

export type CartEntry = BookEntry;

export function cartEntryId(ownerId: string, bookId: string): string {
  return `${ownerId}:${bookId}`.slice(0, MAX_DOC_ID_LENGTH);
}

export const cart = defineCollection({
  name: 'cart',
  schema: bookEntrySchema,
  version: 0,
  primaryKey: 'id',
  indexes: ['ownerId'],
  visibility: {
    audience: (entry) => [entry.ownerId],
    mayWrite: (entry, previous, userId) =>
      entry.ownerId === userId && entry.id === cartEntryId(userId, entry.bookId) && (previous === null || previous.ownerId === userId),
  },
  conflict: latestEditWins,
});
