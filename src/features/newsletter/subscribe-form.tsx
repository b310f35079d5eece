/**
 * Subscribe to a newsletter with an e-mail address (signed in: the account's, editable). Double
 * opt-in: the answer is always "check your inbox", whether or not the address was on the list.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { subscribe } from '../../../sync/api/newsletter';
import { call, errorMessage, fieldErrorsOf } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Button, FormError, Notice } from '../../ui';

export function SubscribeForm({ newsletterId, label = 'Subscribe', className }: { newsletterId: string; label?: string; className?: string }) {
  const { user } = useSession();
  const [typed, setTyped] = useState<string | null>(null);
  const email = typed ?? user?.email ?? '';
  const id = useId();
  const send = useMutation({ mutationFn: (address: string) => call(subscribe, { body: { newsletterId, email: address } }) });
  const fieldError = fieldErrorsOf(send.error).email;

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    send.mutate(email);
  }

  if (send.isSuccess) {
    return (
      <Notice tone="success" title="Check your inbox">
        We sent a link to {send.variables} to confirm your subscription to {send.data.newsletterName}. It works for 48 hours.
      </Notice>
    );
  }
  return (
    <form className={className ?? 'newsletter-subscribe'} onSubmit={handleSubmit} noValidate>
      <label htmlFor={`${id}-email`}>E-mail</label>
      <input
        id={`${id}-email`}
        type="email"
        autoComplete="email"
        required
        value={email}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? `${id}-error` : undefined}
        onChange={(e) => setTyped(e.target.value)}
      />
      {fieldError && (
        <p className="field-error" id={`${id}-error`}>
          {fieldError}
        </p>
      )}
      <Button type="submit" variant="secondary" loading={send.isPending}>
        {label}
      </Button>
      <FormError>{send.isError && !fieldError ? errorMessage(send.error) : null}</FormError>
    </form>
  );
}
