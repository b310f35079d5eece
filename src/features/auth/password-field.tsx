/** A new-password field with the shared policy as a live hint (the server adds the
 * common-password check, whose message appears as the field's error). */
import type { InputHTMLAttributes } from 'react';
import { passwordHint } from '../../../sync/password-policy';
import { TextField } from '../../ui';

export function NewPasswordField({
  label = 'Password',
  value,
  error,
  ...rest
}: { label?: string; value: string; error?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value'>) {
  const hint = passwordHint(value);
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      required
      value={value}
      error={error}
      hint={
        <span className={hint.ok ? 'auth-hint-ok' : undefined}>
          {hint.ok ? '✓ ' : ''}
          {hint.text}
        </span>
      }
      {...rest}
    />
  );
}
