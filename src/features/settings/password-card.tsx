/** Change the password: current, new (the shared policy as a live hint) and confirmation. */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { changePassword, ChangePasswordInput } from '../../../sync/api/auth';
import { passwordHint } from '../../../sync/password-policy';
import { call, errorMessage, fieldErrorsOf } from '../../lib/api';
import { Button, Card, FormError, TextField, useToast } from '../../ui';
import { clientFieldErrors } from './settings-api';

export function PasswordCard() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [checked, setChecked] = useState<Record<string, string>>({});
  const toast = useToast();
  const change = useMutation({
    mutationFn: (input: ChangePasswordInput) => call(changePassword, { body: input }),
    onSuccess: () => {
      setCurrent('');
      setNew('');
      setConfirm('');
      toast('Password changed. Other devices were signed out.', { tone: 'success' });
    },
  });
  const fields = { ...fieldErrorsOf(change.error), ...checked };
  const formError = change.error && Object.keys(fieldErrorsOf(change.error)).length === 0 ? errorMessage(change.error) : null;
  const hint = passwordHint(newPassword);

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const input = { currentPassword, newPassword };
    const problems = clientFieldErrors(ChangePasswordInput, input) ?? {};
    if (confirm !== newPassword) problems.confirm = "The two passwords don't match.";
    setChecked(problems);
    if (Object.keys(problems).length === 0) change.mutate(input);
  }

  return (
    <Card title="Password">
      <form className="stack" onSubmit={handleSubmit} noValidate>
        <FormError>{formError}</FormError>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrent(e.target.value)}
          error={fields.currentPassword}
          required
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNew(e.target.value)}
          error={fields.newPassword}
          hint={hint.text}
          required
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={fields.confirm}
          required
        />
        <div>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}
