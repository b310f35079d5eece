/**
 * /account-deletion: what goes and what stays, the password confirmation, and during the grace
 * period the due date with an undo. Both answers carry the new status, so the page and the
 * session (which decides what the account may do) refresh from them.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { scheduleDeletion, undoDeletion, type DeletionStatusResponse } from '../../../sync/api/account';
import { call, errorMessage, fieldErrorsOf } from '../../lib/api';
import { useRefreshSession } from '../../lib/session';
import { Button, Card, formatDateTime, FormError, Notice, QueryState, TextField, useToast } from '../../ui';
import { settingsKey, useDeletionStatus } from './settings-api';
import { SettingsPage } from './settings-nav';

function useDeletionAction<V>(run: (vars: V) => Promise<DeletionStatusResponse>, success: string) {
  const qc = useQueryClient();
  const refreshSession = useRefreshSession();
  const toast = useToast();
  return useMutation({
    mutationFn: run,
    onSuccess: async (data) => {
      qc.setQueryData(settingsKey('deletion'), data);
      toast(success, { tone: 'success' });
      await refreshSession();
      await qc.invalidateQueries({ queryKey: settingsKey('devices') });
    },
  });
}

function WhatHappens({ status }: { status: DeletionStatusResponse }) {
  return (
    <Card title="What happens">
      <p>
        Your account is erased {status.graceDays} days after you confirm. Until then you can sign in and undo it. Other devices are signed out straight away.
      </p>
      <div className="deletion-lists">
        <div>
          <h3>Deleted</h3>
          <ul>
            {status.removes.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <div>
          <h3>Kept</h3>
          <ul>
            {status.keeps.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </div>
    </Card>
  );
}

function ConfirmForm() {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const schedule = useDeletionAction((pw: string) => call(scheduleDeletion, { body: { password: pw } }), 'Your account is scheduled for deletion.');
  const fieldError = missing ? 'Enter your password.' : fieldErrorsOf(schedule.error).password;
  const formError = schedule.error && !fieldErrorsOf(schedule.error).password ? errorMessage(schedule.error) : null;

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    setMissing(password === '');
    if (password !== '') schedule.mutate(password);
  }

  return (
    <Card title="Delete my account">
      <form className="stack" onSubmit={handleSubmit} noValidate>
        <FormError>{formError}</FormError>
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldError}
          hint="To be sure it is you."
          required
        />
        <div>
          <Button type="submit" variant="danger" loading={schedule.isPending}>
            Delete my account
          </Button>
        </div>
      </form>
    </Card>
  );
}

function Scheduled({ dueAt }: { dueAt: number }) {
  const undo = useDeletionAction(() => call(undoDeletion), 'Deletion cancelled. Your account stays.');
  return (
    <Card title="Deletion scheduled">
      <Notice tone="warning" title={`Your account will be erased on ${formatDateTime(dueAt)}`}>
        Until then you can undo it. Changing your mind later is not possible: the erasure cannot be reversed.
      </Notice>
      <FormError>{undo.error ? errorMessage(undo.error) : null}</FormError>
      <Button variant="secondary" loading={undo.isPending} onClick={() => undo.mutate(undefined)}>
        Undo deletion
      </Button>
    </Card>
  );
}

export function AccountDeletionPage() {
  const query = useDeletionStatus();
  return (
    <SettingsPage title="Delete account" description="Leave Quire and erase your personal data.">
      <QueryState query={query} what="Account deletion" lines={6}>
        {(status) => (
          <>
            {status.status === 'deleting' && status.dueAt ? <Scheduled dueAt={status.dueAt} /> : null}
            <WhatHappens status={status} />
            {status.status === 'active' && <ConfirmForm />}
          </>
        )}
      </QueryState>
    </SettingsPage>
  );
}
