/**
 * The cart: books a person means to buy, one document per book, replicated so a book added on
 * the phone (offline too) is in the cart on the laptop. Title, authors and cover are copied for
 * display; the price shown is the one seen when added — checkout always re-reads prices on the
 * server, and no price is ever taken from here. Only the owner pulls or writes an entry.
 */
import { z } from 'zod';
import { defineCollection, latestEditWins } from '../replication/collection';
import { MAX_DOC_ID_LENGTH } from '../replication/limits';

const cartEntrySchema = () =>
  z.object({
    /** `<ownerId>:<bookId>`: the same book added on two devices converges on one entry. */
    id: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    ownerId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    bookId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    title: z.string().max(300),
    authors: z.string().max(500),
    coverUrl: z.string().max(500),
    /** For display only (see above). */
    priceCents: z.number().int().min(0).max(100_000_000),
    currency: z.string().max(8),
    addedAt: z.number().int().nonnegative(),
    updatedAt: z.number().int().nonnegative(),
  });
export type CartEntry = z.infer<ReturnType<typeof cartEntrySchema>>;

export function cartEntryId(ownerId: string, bookId: string): string {
  return `${ownerId}:${bookId}`.slice(0, MAX_DOC_ID_LENGTH);
}

export const cart = defineCollection({
  name: 'cart',
  schema: cartEntrySchema,
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
