/**
 * "Add to cart" on a book's page, or "In your cart" with the way to checkout. A device write:
 * it works offline and reaches the person's other devices when they sync. Loaded lazily, and
 * only for signed-in people.
 */
import { cartEntryId } from '../../../sync/collections/cart';
import { useCollection, useLiveDocs } from '../../db/use-live-docs';
import type { CardBook } from '../store/book-card';
import { Button, LinkButton } from '../../ui';
import { addToCart, removeFromCart } from './cart-actions';

export default function CartButton({ book, userId }: { book: CardBook; userId: string }) {
  const collection = useCollection('cart');
  const { docs, loading } = useLiveDocs('cart', { selector: { id: cartEntryId(userId, book.id) } });
  const entry = docs[0];
  if (entry) {
    return (
      <>
        <LinkButton to="/checkout" variant="secondary">
          <span aria-hidden="true">✓ </span>In your cart · Check out
        </LinkButton>
        <Button variant="ghost" size="sm" onClick={() => collection && void removeFromCart(collection, entry.id)}>
          Remove from cart
        </Button>
      </>
    );
  }
  return (
    <Button variant="secondary" disabled={!collection || loading} onClick={() => collection && void addToCart(collection, userId, book)}>
      Add to cart
    </Button>
  );
}
