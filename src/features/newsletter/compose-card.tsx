/**
 * Write an issue (subject, and the body in the manuscripts' editor: single-user, lazy-loaded, as
 * the blog's posts), save it as a draft, send a test to oneself, then send now or schedule it.
 * Editing a draft or scheduled issue loads it here; the server keeps the editor's HTML, sanitised.
 */
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { createIssue, scheduleIssue, SUBJECT_MAX, testSendIssue, updateIssue, type IssueRow, type SetupScope } from '../../../sync/api/newsletter';
import { call, fieldErrorsOf } from '../../lib/api';
import { Button, Card, FormError, Notice, TextField } from '../../ui';
import { ChapterEditor } from '../editor/chapter-editor';
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
  // The editor reports its HTML after each change; nothing here re-renders for it.
  const body = useRef(issue?.body ?? '');
  const onHtml = useCallback((html: string) => {
    body.current = html;
  }, []);
  const [when, setWhen] = useState(issue?.sendAt ? localInput(issue.sendAt) : '');
  // Once saved, later saves update that issue (the setup's list may not have it yet); the card
  // stays mounted, so the editor keeps its place and its undo history.
  const [savedId, setSavedId] = useState<string | null>(issue?.id ?? null);
  const [whenError, setWhenError] = useState<string | null>(null);
  const save = useSetupAction(
    scope,
    () =>
      savedId
        ? call(updateIssue, { params: { scope, id: savedId }, body: { subject, body: body.current } })
        : call(createIssue, { params: { scope }, body: { subject, body: body.current } }),
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
    setSavedId(id);
    onSaved(id);
    return id;
  }
  function handleSubmit(e: FormEvent) {
    // The editor's image dialog has a form of its own, and its submit bubbles up to here.
    if (e.target !== e.currentTarget) return;
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
        title={savedId ? 'Edit issue' : 'New issue'}
        footer={
          <>
            {savedId && (
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
          <div className={`field newsletter-body-field${fields.body ? ' field-invalid' : ''}`}>
            <span className="field-label">Issue</span>
            <ChapterEditor label="Issue" editable initialHtml={issue?.body ?? ''} onHtml={onHtml} />
            <p className="field-hint">The footer with the unsubscribe link and the postal address is added for you.</p>
            {fields.body && <p className="field-error">{fields.body}</p>}
          </div>
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
