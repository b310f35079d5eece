/**
 * `/checkout/test-pay/{session}?order={id}`: the built-in test provider's payment page, used when
 * no Stripe keys are set so a fresh install sells books. Clearly marked TEST; it takes Stripe's
 * test cards (4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined) and goes through the same
 * order and webhook path as Stripe. A declined card leaves the cart as it was.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { getMyOrder, payTestSession } from '../../../sync/api/checkout';
import { call, errorMessage, fieldErrorsOf } from '../../lib/api';
import { Button, Notice, QueryState, TextField, usePageTitle } from '../../ui';
import { formatPrice } from '../store/format-price';
import './checkout.css';

export function TestPayPage() {
  usePageTitle('Test payment');
  const { sessionId = '' } = useParams();
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const navigate = useNavigate();
  const [card, setCard] = useState('');
  const order = useQuery({ queryKey: ['orders', orderId], queryFn: () => call(getMyOrder, { params: { id: orderId } }), enabled: orderId !== '' });
  const pay = useMutation({
    mutationFn: () => call(payTestSession, { params: { sessionId }, body: { cardNumber: card } }),
    onSuccess: ({ url }) => void navigate(url),
  });
  const fieldError = fieldErrorsOf(pay.error).cardNumber;
  return (
    <div className="page test-pay">
      <p className="test-pay-banner" role="note">
        TEST MODE · no real money moves. Use card <strong>4242 4242 4242 4242</strong> to pay, or <strong>4000 0000 0000 0002</strong> to see a decline.
      </p>
      <h1>Pay for your books</h1>
      {orderId && (
        <QueryState query={order} what="This order" lines={3}>
          {({ order: o }) => (
            <section className="checkout" aria-label={`Order ${o.number}`}>
              <ul className="checkout-items">
                {o.lines.map((l) => (
                  <li key={l.id} className="checkout-item checkout-item-plain">
                    <span className="checkout-item-title">{l.title}</span>
                    <span className="checkout-item-price">{formatPrice(l.unitPriceCents, o.currency)}</span>
                  </li>
                ))}
              </ul>
              <div className="checkout-total">
                <span>Total</span>
                <strong>{formatPrice(o.totalCents, o.currency)}</strong>
              </div>
            </section>
          )}
        </QueryState>
      )}
      <form
        className="test-pay-form"
        onSubmit={(e) => {
          e.preventDefault();
          pay.mutate();
        }}
      >
        <TextField
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          value={card}
          onChange={(e) => setCard(e.target.value)}
          error={fieldError}
          required
        />
        {pay.error && !fieldError && <Notice tone="error">{errorMessage(pay.error)}</Notice>}
        <div className="checkout-actions">
          <Button type="submit" disabled={pay.isPending}>
            {pay.isPending ? 'Paying…' : 'Pay'}
          </Button>
          <Link to="/checkout">Back to your cart</Link>
        </div>
      </form>
    </div>
  );
}
