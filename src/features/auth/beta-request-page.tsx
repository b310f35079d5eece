/** /auth/beta-request: ask to join while sign-up is invitation-only. Admins review the
 * requests at /admin/beta-requests; approval e-mails an invitation. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BETA_REASON_MAX, type BetaRequestInput } from '../../../sync/api/auth';
import { Button, Card, FormError, Page, SelectField, TextArea, TextField } from '../../ui';
import { authApi } from './auth-api';
import { useSubmit } from './form-errors';
import './auth.css';

type Interest = BetaRequestInput['interest'];
const INTERESTS: Array<{ value: Interest; label: string }> = [
  { value: 'reading', label: 'Reading books' },
  { value: 'writing', label: 'Writing books' },
  { value: 'publishing', label: 'Publishing books (an imprint)' },
];

function Received({ email }: { email: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="auth-done" ref={ref} tabIndex={-1} role="status">
      <h2>Thanks — your request is in</h2>
      <p>
        We'll write to <strong>{email}</strong> when there's a place for you. The invitation e-mail carries a link to create your account.
      </p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </div>
  );
}

export function BetaRequestPage() {
  const [form, setForm] = useState({ name: '', email: '', interest: 'reading' as Interest, reason: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { pending, errors, run } = useSubmit(['name', 'email', 'interest', 'reason']);
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value }));

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const res = await run(() => authApi.betaRequest(form));
    if (res) setSentTo(form.email.trim());
  }

  return (
    <div className="auth-column">
      <Page title="Join the Quire beta" description="Quire is opening gradually. Tell us a little about yourself and we'll send an invitation.">
        <Card>
          {sentTo ? (
            <Received email={sentTo} />
          ) : (
            <form className="stack" onSubmit={handleSubmit} noValidate aria-label="Request an invitation">
              <FormError>{errors.form}</FormError>
              <TextField label="Name" autoComplete="name" required value={form.name} onChange={set('name')} error={errors.fields.name} />
              <TextField label="Email" type="email" autoComplete="email" required value={form.email} onChange={set('email')} error={errors.fields.email} />
              <SelectField label="What brings you to Quire?" value={form.interest} onChange={set('interest')} error={errors.fields.interest}>
                {INTERESTS.map((i) => (
                  <option key={i.value} value={i.value}>
                    {i.label}
                  </option>
                ))}
              </SelectField>
              <TextArea
                label="Why would you like to join?"
                required
                maxLength={BETA_REASON_MAX}
                value={form.reason}
                onChange={set('reason')}
                error={errors.fields.reason}
                hint="A sentence or two is plenty."
              />
              <Button type="submit" loading={pending}>
                Request an invitation
              </Button>
            </form>
          )}
        </Card>
        <p className="auth-alt">
          Already invited? Open the link in your invitation e-mail. Have an account? <Link to="/auth">Sign in</Link>
        </p>
      </Page>
    </div>
  );
}
