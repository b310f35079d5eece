/** "Forgot password" and "E-mail me a sign-in link": one e-mail field, the same 202 either way. */
import { useState, type FormEvent } from 'react';
import { Button, FormError, TextField } from '../../ui';
import { authApi } from './auth-api';
import { CheckInbox } from './check-inbox';
import { useSubmit } from './form-errors';

const COPY = {
  reset: { intro: "Enter your account's e-mail and we'll send you a link to choose a new password.", button: 'Send reset link' },
  signin: { intro: "No password needed: we'll e-mail you a link that signs you in.", button: 'E-mail me a sign-in link' },
} as const;

export function EmailLinkForm({ kind, initialEmail = '' }: { kind: 'reset' | 'signin'; initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { pending, errors, run } = useSubmit(['email']);

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const send = kind === 'reset' ? authApi.passwordReset : authApi.signInLink;
    const res = await run(() => send({ email }));
    if (res) setSentTo(email.trim());
  }

  if (sentTo) {
    return (
      <CheckInbox email={sentTo}>
        <p className="muted">
          Nothing after a few minutes? Check your spam folder, or{' '}
          <button type="button" className="link-button" onClick={() => setSentTo(null)}>
            send another
          </button>
          .
        </p>
      </CheckInbox>
    );
  }
  return (
    <form className="stack" onSubmit={handleSubmit} noValidate>
      <p className="muted">{COPY[kind].intro}</p>
      <FormError>{errors.form}</FormError>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.fields.email}
      />
      <Button type="submit" loading={pending}>
        {COPY[kind].button}
      </Button>
    </form>
  );
}
