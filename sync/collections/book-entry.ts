/**
 * A book one person keeps, one document per book, with a copy of its card taken when added
 * (title, authors, cover, the price then) so the page listing it renders offline: the shape of
 * the wishlist's and the cart's documents.
 */
import { z } from 'zod';
import { MAX_DOC_ID_LENGTH } from '../replication/limits';

export const bookEntrySchema = () =>
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
    /** For display only: checkout re-reads every price on the server. */
    priceCents: z.number().int().min(0).max(100_000_000),
    currency: z.string().max(8),
    addedAt: z.number().int().nonnegative(),
    /** The writing device's clock, for display; the change feed orders by the server's own time. */
    updatedAt: z.number().int().nonnegative(),
  });
export type BookEntry = z.infer<ReturnType<typeof bookEntrySchema>>;
