/** Adding and removing cart entries: device writes (offline too), replicated later. */
import { cartEntryId, type CartEntry } from '../../../sync/collections/cart';
import type { useCollection } from '../../db/use-live-docs';
import type { CardBook } from '../store/book-card';

export type CartCollection = NonNullable<ReturnType<typeof useCollection<'cart'>>>;

function entryFor(ownerId: string, book: CardBook, now = Date.now()): CartEntry {
  return {
    id: cartEntryId(ownerId, book.id),
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

/** Upsert, so re-adding a book removed earlier (a tombstone on the server) revives it. */
export async function addToCart(collection: CartCollection, ownerId: string, book: CardBook) {
  await collection.upsert(entryFor(ownerId, book));
}

export async function removeFromCart(collection: CartCollection, id: string) {
  const doc = await collection.findOne(id).exec();
  await doc?.incrementalRemove();
}
