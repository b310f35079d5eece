/**
 * /auth/reset-password. Without a token: ask for a reset e-mail. With one (set by the callback
 * after the e-mailed link was opened): choose the new password. Success signs out everywhere.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { forgetSession, SESSION_KEY } from '../../lib/session';
import { Button, Card, FormError, LinkButton, Page, TextField } from '../../ui';
import { authApi, CodeRefused } from './auth-api';
import { EmailLinkForm } from './email-link-form';
import { useSubmit } from './form-errors';
import { NewPasswordField } from './password-field';
import './auth.css';

function Done() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="auth-done stack" ref={ref} tabIndex={-1} role="status">
      <h2>Your password is changed</h2>
      <p>For safety we signed you out on every device. Sign in again with your new password.</p>
      <LinkButton to="/auth?reset=1">Sign in</LinkButton>
    </div>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { pending, errors, setErrors, run } = useSubmit(['password']);
  const qc = useQueryClient();

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (password !== confirm) {
      setErrors({ fields: { confirm: "The two passwords don't match." } });
      return;
    }
    const res = await run(async () => {
      try {
        return await authApi.resetPassword({ token, password });
      } catch (error) {
        // A spent or expired token: the error page offers a fresh reset link.
        if (error instanceof CodeRefused) setRefused(error.reason);
        else throw error;
      }
    });
    if (!res) return;
    // Every session ended on the server, this one included.
    forgetSession();
    qc.setQueryData(SESSION_KEY, { user: null });
    setDone(true);
  }

  if (refused) return <Navigate to={`/auth/auth-code-error?reason=${refused}`} replace />;
  if (done) return <Done />;
  return (
    <form className="stack" onSubmit={handleSubmit} noValidate aria-label="Choose a new password">
      <FormError>{errors.form}</FormError>
      <NewPasswordField label="New password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.fields.password} />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.fields.confirm}
      />
      <Button type="submit" loading={pending}>
        Set new password
      </Button>
    </form>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="auth-column">
      <Page title={token ? 'Choose a new password' : 'Reset your password'}>
        <Card>{token ? <NewPasswordForm token={token} /> : <EmailLinkForm kind="reset" />}</Card>
      </Page>
    </div>
  );
}
