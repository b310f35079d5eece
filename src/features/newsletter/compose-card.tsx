/**
 * Write an issue (subject and Markdown), save it as a draft, send a test to oneself, then send now
 * or schedule it. Editing a draft or scheduled issue loads it here.
 */
import { useState, type FormEvent } from 'react';
import { createIssue, scheduleIssue, SUBJECT_MAX, testSendIssue, updateIssue, type IssueRow, type SetupScope } from '../../../sync/api/newsletter';
import { call, fieldErrorsOf } from '../../lib/api';
import { Button, Card, FormError, Notice, TextArea, TextField } from '../../ui';
import { POSTAL_ADDRESS_FIELD } from './settings-card';
import { useSetupAction } from './setup-actions';

/** `datetime-local` wants local time without a zone. */
function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/** Takes the reader to the postal address field of the settings. */
function AddressLink() {
  return (
    <a
      href={`#${POSTAL_ADDRESS_FIELD}`}
      onClick={(e) => {
        e.preventDefault();
        const field = document.getElementById(POSTAL_ADDRESS_FIELD);
        field?.scrollIntoView({ block: 'center' });
        field?.focus();
      }}
    >
      Go to the postal address
    </a>
  );
}

export function ComposeCard({
  scope,
  issue,
  hasAddress,
  addressError,
  onAddressError,
  onSaved,
  onDone,
}: {
  scope: SetupScope;
  issue: IssueRow | null;
  /** The footer has a postal address (this newsletter's or the site's). */
  hasAddress: boolean;
  addressError: string | null;
  /** A test or send was refused for want of the footer's postal address. */
  onAddressError: (message: string | null) => void;
  onSaved: (id: string) => void;
  onDone: () => void;
}) {
  const [subject, setSubject] = useState(issue?.subject ?? '');
  const [body, setBody] = useState(issue?.body ?? '');
  const [when, setWhen] = useState(issue?.sendAt ? localInput(issue.sendAt) : '');
  const [whenError, setWhenError] = useState<string | null>(null);
  const save = useSetupAction(
    scope,
    () =>
      issue
        ? call(updateIssue, { params: { scope, id: issue.id }, body: { subject, body } })
        : call(createIssue, { params: { scope }, body: { subject, body } }),
    () => 'Draft saved.',
  );
  const test = useSetupAction(
    scope,
    (id: string) => call(testSendIssue, { params: { scope, id } }),
    (r) => `Test sent to ${r.to}.`,
  );
  const send = useSetupAction(
    scope,
    (v: { id: string; sendAt: number | null }) => call(scheduleIssue, { params: { scope, id: v.id }, body: { sendAt: v.sendAt } }),
    () => 'The issue is on its way.',
  );
  const fields = fieldErrorsOf(save.error);
  /** Sends that need the footer's address report its absence to the settings' field. */
  const needsAddress = (error: unknown) => {
    const message = fieldErrorsOf(error).postalAddress;
    if (message) onAddressError(message);
  };

  async function saved(): Promise<string> {
    const { id } = await save.mutateAsync(undefined);
    onSaved(id);
    return id;
  }
  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    void saved().catch(() => undefined);
  }
  async function schedule(now: boolean) {
    setWhenError(null);
    const at = now ? null : new Date(when).getTime();
    if (!now && (!when || Number.isNaN(at) || at! <= Date.now())) {
      setWhenError('Choose a time in the future.');
      return;
    }
    const id = await saved().catch(() => null);
    if (!id) return;
    const sent = await send.mutateAsync({ id, sendAt: at }).then(
      () => true,
      (error: unknown) => {
        needsAddress(error);
        return false;
      },
    );
    if (sent) onDone();
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Card
        title={issue ? 'Edit issue' : 'New issue'}
        footer={
          <>
            {issue && (
              <Button variant="ghost" onClick={onDone}>
                New issue instead
              </Button>
            )}
            <Button type="submit" variant="secondary" loading={save.isPending}>
              Save draft
            </Button>
            <Button
              variant="secondary"
              loading={test.isPending}
              onClick={() =>
                void saved().then(
                  (id) => test.mutate(id, { onError: needsAddress }),
                  () => undefined,
                )
              }
            >
              Send a test to me
            </Button>
            <Button loading={send.isPending} onClick={() => void schedule(true)}>
              Send now
            </Button>
          </>
        }
      >
        <div className="stack">
          {!hasAddress && !addressError && (
            <Notice tone="warning" title="No postal address yet">
              Issues carry a postal address in their footer, as anti-spam law asks: add one in the settings before sending. <AddressLink />
            </Notice>
          )}
          <TextField label="Subject" value={subject} maxLength={SUBJECT_MAX} required error={fields.subject} onChange={(e) => setSubject(e.target.value)} />
          <TextArea
            label="Issue"
            hint="Markdown: # heading, **bold**, *italic*, [link](https://…), - lists. The footer with the unsubscribe link and postal address is added for you."
            rows={12}
            value={body}
            required
            error={fields.body}
            onChange={(e) => setBody(e.target.value)}
          />
          <div className="newsletter-schedule">
            <TextField label="Send later" type="datetime-local" value={when} error={whenError ?? undefined} onChange={(e) => setWhen(e.target.value)} />
            <Button variant="secondary" loading={send.isPending} onClick={() => void schedule(false)}>
              Schedule
            </Button>
          </div>
          {addressError && (
            <FormError>
              {addressError} <AddressLink />
            </FormError>
          )}
        </div>
      </Card>
    </form>
  );
}
