/**
 * Edit a store book's price and discount window. The amounts are typed in the currency
 * ("7.99"); the shared rules (sync/store/pricing.ts) are checked before sending and the server's
 * 422 messages land next to the same fields. A drop in price is announced to the readers who
 * wishlisted the book, now or when the discount starts; the toast says which.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { setBookPrice, type AdminStoreBook, type PriceUpdateInput } from '../../../sync/api/admin-store';
import { priceErrors, type PriceField } from '../../../sync/store/pricing';
import { ApiRequestError, call, errorMessage, fieldErrorsOf } from '../../lib/api';
import { Button, Checkbox, Dialog, TextField, useToast } from '../../ui';
import { adminKey } from './admin-api';
import { amountText, fromLocalInput, localInputValue, parseAmount } from './money';

const DAY = 24 * 60 * 60 * 1000;
const DEFAULT_SALE_DAYS = 7;

type Errors = Partial<Record<PriceField, string>>;

const SAVED = { now: 'Readers who wishlisted it are being told.', scheduled: 'Readers who wishlisted it will be told when the discount starts.' };

function useSavePrice(book: AdminStoreBook, onSaved: () => void) {
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: PriceUpdateInput) => call(setBookPrice, { params: { id: book.id }, body }),
    onSuccess: ({ priceDrop }) => {
      toast(`Price of “${book.title}” saved.${priceDrop ? ` ${SAVED[priceDrop]}` : ''}`, { tone: 'success' });
      void qc.invalidateQueries({ queryKey: adminKey() });
      void qc.invalidateQueries({ queryKey: ['store'] });
      onSaved();
    },
    onError: (error) => {
      if (!(error instanceof ApiRequestError && Object.keys(error.fields).length > 0)) toast(errorMessage(error), { tone: 'error' });
    },
  });
}

export function PriceDialog({ book, onClose }: { book: AdminStoreBook; onClose: () => void }) {
  const now = Date.now();
  const [price, setPrice] = useState(amountText(book.priceCents, book.currency));
  const [onSale, setOnSale] = useState(book.discount !== null);
  const [salePrice, setSalePrice] = useState(book.discount ? amountText(book.discount.priceCents, book.currency) : '');
  const [startsAt, setStartsAt] = useState(localInputValue(book.discount?.startsAt ?? now));
  const [endsAt, setEndsAt] = useState(localInputValue(book.discount?.endsAt ?? now + DEFAULT_SALE_DAYS * DAY));
  const [local, setLocal] = useState<Errors>({});
  const save = useSavePrice(book, onClose);
  const errors: Errors = { ...fieldErrorsOf(save.error), ...local };

  const submit = () => {
    const typed: Errors = {};
    const priceCents = parseAmount(price, book.currency);
    if (priceCents === null) typed.priceCents = 'Enter an amount like 7.99.';
    const discountPriceCents = onSale ? parseAmount(salePrice, book.currency) : null;
    if (onSale && discountPriceCents === null) typed.discountPriceCents = 'Enter an amount like 4.99.';
    const body = {
      priceCents: priceCents ?? 0,
      discountPriceCents,
      discountStartsAt: onSale ? fromLocalInput(startsAt) : null,
      discountEndsAt: onSale ? fromLocalInput(endsAt) : null,
    };
    const all = { ...priceErrors(body, Date.now()), ...typed };
    setLocal(all);
    if (Object.keys(all).length === 0) save.mutate(body);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Price of “${book.title}”`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={submit}>
            Save price
          </Button>
        </>
      }
    >
      <form
        className="stack"
        aria-label={`Price of ${book.title}`}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          label={`Price (${book.currency})`}
          inputMode="decimal"
          value={price}
          error={errors.priceCents}
          onChange={(e) => setPrice(e.target.value)}
          hint="0 makes the book free."
        />
        <Checkbox
          label="Discount"
          checked={onSale}
          onChange={(e) => setOnSale(e.target.checked)}
          hint="A lower price between two dates. Readers who wishlisted the book are told when it starts."
        />
        {onSale && (
          <fieldset className="admin-fieldset stack">
            <legend>Discount window</legend>
            <TextField
              label={`Discount price (${book.currency})`}
              inputMode="decimal"
              value={salePrice}
              error={errors.discountPriceCents}
              onChange={(e) => setSalePrice(e.target.value)}
            />
            <TextField label="Starts" type="datetime-local" value={startsAt} error={errors.discountStartsAt} onChange={(e) => setStartsAt(e.target.value)} />
            <TextField label="Ends" type="datetime-local" value={endsAt} error={errors.discountEndsAt} onChange={(e) => setEndsAt(e.target.value)} />
          </fieldset>
        )}
        {/* Enter in a field saves, as the button does. */}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
