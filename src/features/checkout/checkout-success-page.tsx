/**
 * `/checkout/success?order={id}`: what was bought, from the server's record of the order — never
 * from the query string alone. Stripe's event can arrive a moment after the buyer does, so a
 * pending order is asked about again until it is decided. Paid books leave the cart.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { getMyOrder, type Order } from '../../../sync/api/checkout';
import { cartEntryId } from '../../../sync/collections/cart';
import { call } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useCollection } from '../../db/use-live-docs';
import { EmptyState, LinkButton, Notice, QueryState, Spinner, usePageTitle } from '../../ui';
import { removeFromCart } from '../cart/cart-actions';
import { formatPrice } from '../store/format-price';
import './checkout.css';

const POLL_MS = 1500;

function useClearBoughtFromCart(order: Order | undefined) {
  const { user } = useSession();
  const cart = useCollection('cart');
  const paid = order && order.paidAt !== null;
  useEffect(() => {
    if (!paid || !cart || !user) return;
    for (const line of order.lines) if (line.bookId) void removeFromCart(cart, cartEntryId(user.id, line.bookId));
  }, [paid, cart, user, order]);
}

export function CheckoutSuccessPage() {
  usePageTitle('Thank you');
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const query = useQuery({
    queryKey: ['orders', orderId],
    queryFn: () => call(getMyOrder, { params: { id: orderId } }),
    enabled: orderId !== '',
    refetchInterval: (q) => (q.state.data?.order.status === 'pending' ? POLL_MS : false),
  });
  useClearBoughtFromCart(query.data?.order);
  if (!orderId) return <EmptyState title="No order to show">Your purchases are listed under My purchases.</EmptyState>;
  return (
    <div className="page checkout-success">
      <QueryState query={query} what="Your order" lines={4}>
        {({ order }) =>
          order.status === 'pending' ? (
            <Spinner label="Confirming your payment…" />
          ) : order.paidAt === null ? (
            <>
              <h1>The payment did not go through</h1>
              <Notice tone="error">{order.failureMessage ?? 'Nothing was charged.'}</Notice>
              <LinkButton to="/checkout">Back to your cart</LinkButton>
            </>
          ) : (
            <>
              <h1>Thank you — it’s yours</h1>
              <p>
                Order {order.number} · {formatPrice(order.totalCents, order.currency)}. The books are in your library on every device.
              </p>
              <ul className="checkout-items" aria-label="Bought">
                {order.lines.map((l) => (
                  <li key={l.id} className="checkout-item checkout-item-plain">
                    <span className="checkout-item-title">{l.title}</span>
                    {l.bookId && l.refundedAt === null && <LinkButton to={`/books/${l.bookId}`}>Read now</LinkButton>}
                  </li>
                ))}
              </ul>
              <p>
                <Link to={`/my-purchases/${order.id}`}>Receipt</Link> · <Link to="/my-purchases">All purchases</Link>
              </p>
            </>
          )
        }
      </QueryState>
    </div>
  );
}
