/**
 * "♡ Add to wishlist" / "♥ In wishlist" on a book card. Loaded lazily by the home page (and only
 * for signed-in people), so the first load of `/` does not grow.
 */
import type { CardBook } from '../store/book-card';
import { wishlistEntryId } from '../../../sync/collections/wishlist';
import { useCollection, useLiveDocs } from '../../db/use-live-docs';
import { addToWishlist, removeFromWishlist } from './wishlist-actions';

export default function WishlistToggle({ book, userId }: { book: CardBook; userId: string }) {
  const collection = useCollection('wishlist');
  const id = wishlistEntryId(userId, book.id);
  const { docs, loading } = useLiveDocs('wishlist', { selector: { id } });
  const inList = docs.length > 0;
  return (
    <button
      type="button"
      className={`wishlist-toggle${inList ? ' wishlist-toggle-on' : ''}`}
      aria-pressed={inList}
      aria-label={inList ? `In wishlist: ${book.title}` : `Add to wishlist: ${book.title}`}
      disabled={!collection || loading}
      onClick={() => {
        if (!collection) return;
        void (inList ? removeFromWishlist(collection, id) : addToWishlist(collection, userId, book));
      }}
    >
      <span aria-hidden="true">{inList ? '♥' : '♡'}</span> {inList ? 'In wishlist' : 'Add to wishlist'}
    </button>
  );
}
