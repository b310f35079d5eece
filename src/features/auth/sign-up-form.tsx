/**
 * Creating an account. What the form offers depends on the site's sign-up mode: open, beta
 * (needs the invite from an invitation e-mail), or closed. The answer is always "check your
 * inbox", whether or not the address already had an account.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { USERNAME_MAX } from '../../../sync/api/auth';
import { useSiteInfo } from '../../lib/site-info';
import { Button, FormError, LinkButton, Notice, Skeleton, TextField } from '../../ui';
import { authApi } from './auth-api';
import { CheckInbox } from './check-inbox';
import { useSubmit } from './form-errors';
import { NewPasswordField } from './password-field';

const FIELDS = ['email', 'username', 'displayName', 'password', 'invite'] as const;

export function SignUpForm({ invite, initialEmail = '' }: { invite?: string; initialEmail?: string }) {
  const site = useSiteInfo();
  const [form, setForm] = useState({ email: initialEmail, username: '', displayName: '', password: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { pending, errors, run } = useSubmit(FIELDS);
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value }));

  if (!site) return <Skeleton lines={4} label="Loading sign-up" />;
  if (site.signUpMode === 'closed') {
    return (
      <Notice title="Sign-up is closed">
        Quire isn't taking new accounts right now. If you already have one, <Link to="/auth">sign in</Link>.
      </Notice>
    );
  }
  if (site.signUpMode === 'beta' && !invite) {
    return (
      <div className="stack">
        <Notice title="Quire is in a private beta">
          Creating an account needs an invitation. Open the link in your invitation e-mail, or ask to join and we'll write when there's a place for you.
        </Notice>
        <LinkButton to="/auth/beta-request">Request an invitation</LinkButton>
      </div>
    );
  }

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const res = await run(() => authApi.signUp({ ...form, displayName: form.displayName || undefined, invite }));
    if (res) setSentTo(form.email.trim());
  }

  if (sentTo) {
    return (
      <CheckInbox email={sentTo}>
        <p className="muted">Open the link in the e-mail to confirm your address, then sign in. Nothing after a few minutes? Check your spam folder.</p>
      </CheckInbox>
    );
  }
  return (
    <form className="stack" onSubmit={handleSubmit} noValidate aria-label="Create account">
      {invite && <Notice tone="success">You're invited. Choose your username and password to finish.</Notice>}
      <FormError>{errors.form ?? errors.fields.invite}</FormError>
      <TextField label="Email" type="email" autoComplete="email" required value={form.email} onChange={set('email')} error={errors.fields.email} />
      <TextField
        label="Username"
        autoComplete="username"
        required
        maxLength={USERNAME_MAX}
        value={form.username}
        onChange={set('username')}
        error={errors.fields.username}
        hint="3–30 characters: letters a–z, digits, _ and -."
      />
      <TextField
        label="Display name"
        autoComplete="name"
        value={form.displayName}
        onChange={set('displayName')}
        error={errors.fields.displayName}
        hint="Optional. How your name appears to readers."
      />
      <NewPasswordField value={form.password} onChange={set('password')} error={errors.fields.password} />
      <Button type="submit" loading={pending}>
        Create account
      </Button>
      <p className="muted auth-small">
        By creating an account you agree to the <Link to="/terms-of-service">terms of service</Link> and the <Link to="/privacy-policy">privacy policy</Link>.
      </p>
    </form>
  );
}
