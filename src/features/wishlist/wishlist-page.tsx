/**
 * `/my-wishlist`: read from the device, with titles, prices and cover URLs copied into each
 * entry (the service worker caches the covers), so it works offline.
 */
import { useSession } from '../../lib/session';
import { useCollection, useLiveDocs } from '../../db/use-live-docs';
import { Link } from 'react-router';
import { Button, EmptyState, LinkButton, Page, Skeleton } from '../../ui';
import { formatPrice } from '../store/format-price';
import { addToCart } from '../cart/cart-actions';
import { removeFromWishlist } from './wishlist-actions';
import './wishlist.css';

function Entries({ userId }: { userId: string }) {
  const collection = useCollection('wishlist');
  const cart = useCollection('cart');
  const { docs, loading } = useLiveDocs('wishlist', { selector: { ownerId: userId } });
  if (loading) return <Skeleton lines={3} label="Loading your wishlist…" />;
  if (docs.length === 0) {
    return (
      <EmptyState title="Your wishlist is empty" action={<LinkButton to="/store">Browse the store</LinkButton>}>
        <p>Tap “♡ Add to wishlist” on any book to keep it here, even offline.</p>
      </EmptyState>
    );
  }
  const entries = [...docs].sort((a, b) => b.addedAt - a.addedAt);
  return (
    <>
      <p className="wishlist-total">
        {entries.length} {entries.length === 1 ? 'book' : 'books'}
      </p>
      <ul className="wishlist-grid" aria-label="Wishlist">
        {entries.map((e) => (
          <li key={e.id} className="wishlist-entry">
            <div className="book-cover">
              {e.coverUrl ? (
                <img src={e.coverUrl} alt="" width={320} height={512} loading="lazy" />
              ) : (
                <div className="book-cover-blank" aria-hidden="true">
                  {e.title}
                </div>
              )}
            </div>
            <h2>
              {/* The whole card opens the book's store page. */}
              <Link to={`/book/${e.bookId}`} className="stretched-link">
                {e.title}
              </Link>
            </h2>
            {e.authors && <p>{e.authors}</p>}
            <p className="wishlist-price">{formatPrice(e.priceCents, e.currency)}</p>
            <div className="wishlist-remove">
              {e.priceCents > 0 && (
                <Button
                  size="sm"
                  aria-label={`Move to cart: ${e.title}`}
                  disabled={!cart || !collection}
                  onClick={() => {
                    if (!cart || !collection) return;
                    const book = {
                      id: e.bookId,
                      title: e.title,
                      authors: e.authors ? [e.authors] : [],
                      priceCents: e.priceCents,
                      currency: e.currency,
                      coverUrl: e.coverUrl || null,
                    };
                    void addToCart(cart, userId, book).then(() => removeFromWishlist(collection, e.id));
                  }}
                >
                  Move to cart
                </Button>
              )}
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Remove ${e.title} from your wishlist`}
                onClick={() => collection && void removeFromWishlist(collection, e.id)}
              >
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

export function WishlistPage() {
  const { user } = useSession();
  return (
    <Page title="Wishlist" description="Books you'd like to read. Kept on this device and synced to your others." wide>
      {user && <Entries userId={user.id} />}
    </Page>
  );
}
