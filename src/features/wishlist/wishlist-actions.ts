/** Adding and removing wishlist entries: device writes, replicated later. */
import type { CardBook } from '../store/book-card';
import { wishlistEntryId, type WishlistEntry } from '../../../sync/collections/wishlist';
import type { useCollection } from '../../db/use-live-docs';

type WishlistCollection = NonNullable<ReturnType<typeof useCollection<'wishlist'>>>;

function entryFor(ownerId: string, book: CardBook, now = Date.now()): WishlistEntry {
  return {
    id: wishlistEntryId(ownerId, book.id),
    ownerId,
    bookId: book.id,
    title: book.title.slice(0, 300),
    authors: book.authors.join(', ').slice(0, 500),
    coverUrl: (book.coverUrl ?? '').slice(0, 500),
    priceCents: book.priceCents,
    currency: book.currency.slice(0, 8),
    addedAt: now,
    updatedAt: now,
  };
}

/** Upsert, so re-adding a book removed earlier (a tombstone on the server) just revives it. */
export async function addToWishlist(collection: WishlistCollection, ownerId: string, book: CardBook) {
  await collection.upsert(entryFor(ownerId, book));
}

export async function removeFromWishlist(collection: WishlistCollection, id: string) {
  const doc = await collection.findOne(id).exec();
  await doc?.incrementalRemove();
}
