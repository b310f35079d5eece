/**
 * `/checkout`: what is about to be bought — the cart (a replicated document, so it is the same on
 * every device), or one book from "Buy now" (`?book={id}`) — and the way to pay. The prices shown
 * are those seen when the books were added; the server reads the real ones when the order is made,
 * and the payment page shows those. Paying needs the network; the cart does not.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { startCheckout } from '../../../sync/api/checkout';
import { getStoreBook } from '../../../sync/api/store';
import { call, errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useCollection, useLiveDocs } from '../../db/use-live-docs';
import { Button, EmptyState, LinkButton, Notice, Page, Skeleton, useOnline } from '../../ui';
import { removeFromCart } from '../cart/cart-actions';
import { formatPrice } from '../store/format-price';
import { useOwnsBook } from '../store/use-owns-book';
import './checkout.css';
import { storeBookKey } from '../../../sync/api/page-queries';

interface Item {
  bookId: string;
  title: string;
  authors: string;
  coverUrl: string | null;
  priceCents: number;
  currency: string;
  /** The cart entry to remove, when the item comes from the cart. */
  cartId?: string;
}

/** Where the provider's page is: Quire's own test page gets the order id too, to show the lines. */
function payUrl(url: string, orderId: string | null): string {
  return url.startsWith('/checkout/test-pay/') && orderId ? `${url}?order=${encodeURIComponent(orderId)}` : url;
}

function Summary({ items, onRemove }: { items: Item[]; onRemove?: (item: Item) => void }) {
  const online = useOnline();
  const navigate = useNavigate();
  const pay = useMutation({
    mutationFn: () => call(startCheckout, { body: { bookIds: items.map((i) => i.bookId) } }),
    onSuccess: ({ url, orderId }) => {
      const next = payUrl(url, orderId);
      if (next.startsWith('/')) void navigate(next);
      else window.location.assign(next); // Stripe's hosted page
    },
  });
  const currency = items[0]?.currency ?? 'USD';
  const total = items.reduce((sum, i) => sum + i.priceCents, 0);
  return (
    <div className="checkout">
      <ul className="checkout-items" aria-label="Books to buy">
        {items.map((item) => (
          <li key={item.bookId} className="checkout-item">
            {item.coverUrl ? <img src={item.coverUrl} alt="" width={56} height={90} /> : <span className="checkout-cover-blank" aria-hidden="true" />}
            <div className="checkout-item-text">
              <Link to={`/book/${item.bookId}`} className="checkout-item-title">
                {item.title}
              </Link>
              {item.authors && <span className="checkout-item-authors">{item.authors}</span>}
            </div>
            <span className="checkout-item-price">{formatPrice(item.priceCents, item.currency)}</span>
            {onRemove && (
              <Button size="sm" variant="ghost" aria-label={`Remove ${item.title} from your cart`} onClick={() => onRemove(item)}>
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className="checkout-total">
        <span>Total</span>
        <strong>{formatPrice(total, currency)}</strong>
      </div>
      <p className="field-hint">Prices are confirmed on the payment page. Books you buy are in your library at once, on every device.</p>
      {pay.error && (
        <Notice tone="error">
          {errorMessage(pay.error)} {onRemove ? 'Your cart is kept as it is.' : ''}
        </Notice>
      )}
      {!online && <Notice tone="warning">You're offline. Your cart is kept; paying needs a connection.</Notice>}
      <Button onClick={() => pay.mutate()} disabled={!online || pay.isPending || items.length === 0}>
        {pay.isPending ? 'Opening the payment page…' : `Pay ${formatPrice(total, currency)}`}
      </Button>
    </div>
  );
}

function CartCheckout({ userId }: { userId: string }) {
  const collection = useCollection('cart');
  const { docs, loading } = useLiveDocs('cart', { selector: { ownerId: userId } });
  if (loading) return <Skeleton lines={3} label="Loading your cart…" />;
  if (docs.length === 0) {
    return (
      <EmptyState title="Your cart is empty" action={<LinkButton to="/store">Browse the store</LinkButton>}>
        <p>Add books from their pages; your cart follows you to your other devices.</p>
      </EmptyState>
    );
  }
  const items: Item[] = [...docs]
    .sort((a, b) => a.addedAt - b.addedAt)
    .map((d) => ({
      bookId: d.bookId,
      title: d.title,
      authors: d.authors,
      coverUrl: d.coverUrl || null,
      priceCents: d.priceCents,
      currency: d.currency,
      cartId: d.id,
    }));
  return <Summary items={items} onRemove={(item) => collection && item.cartId && void removeFromCart(collection, item.cartId)} />;
}

function BuyNow({ bookId }: { bookId: string }) {
  const owned = useOwnsBook(bookId);
  const book = useQuery({ queryKey: storeBookKey(bookId), queryFn: () => call(getStoreBook, { params: { id: bookId } }) });
  if (book.isPending) return <Skeleton lines={3} />;
  if (book.error) return <Notice tone="error">{errorMessage(book.error)}</Notice>;
  const b = book.data;
  if (owned) return <Notice tone="info">{b.title} is already in your library.</Notice>;
  return (
    <Summary items={[{ bookId: b.id, title: b.title, authors: b.authors.join(', '), coverUrl: b.coverUrl, priceCents: b.priceCents, currency: b.currency }]} />
  );
}

export function CheckoutPage() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const book = params.get('book');
  return (
    <Page title={book ? 'Buy now' : 'Checkout'} description={book ? undefined : 'Your cart, kept on every device you sign in on.'}>
      {user && (book ? <BuyNow bookId={book} /> : <CartCheckout userId={user.id} />)}
    </Page>
  );
}
