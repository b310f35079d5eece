/** E-mail and password. On success the session query is refreshed and the visitor goes on to
 * `next` (a same-site path) or home. */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { SESSION_KEY, useRefreshSession } from '../../lib/session';
import { Button, FormError, TextField } from '../../ui';
import { authApi } from './auth-api';
import { useSubmit } from './form-errors';

function withMode(mode: string, next: string) {
  return next === '/' ? `/auth?mode=${mode}` : `/auth?mode=${mode}&next=${encodeURIComponent(next)}`;
}

export function SignInForm({ next, initialEmail = '' }: { next: string; initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const { pending, errors, run } = useSubmit(['email', 'password']);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const refresh = useRefreshSession();

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const res = await run(() => authApi.signIn({ email, password }));
    if (!res) return;
    // Show the account at once, then confirm it with the server in the background.
    qc.setQueryData(SESSION_KEY, { user: res.user });
    void refresh();
    navigate(next, { replace: true });
  }

  return (
    <form className="stack" onSubmit={handleSubmit} noValidate aria-label="Sign in">
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
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.fields.password}
      />
      <Button type="submit" loading={pending}>
        Sign in
      </Button>
      <p className="auth-links">
        <Link to={withMode('forgot', next)}>Forgot your password?</Link>
        <Link to={withMode('link', next)}>E-mail me a sign-in link</Link>
      </p>
    </form>
  );
}
