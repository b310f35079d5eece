/**
 * /admin/notifications — compose a notice (title, body, link on Quire) for a segment, on the app
 * and/or e-mail; the preview counts who it reaches on each channel and who their notification
 * choices leave out, before anything is sent; sending queues it (a job, in batches); the history
 * shows what reached people, refreshing while a notice is still going out.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  NOTICE_BODY_MAX,
  NOTICE_SEGMENTS,
  NOTICE_TITLE_MAX,
  SEGMENT_LABELS,
  previewNotice,
  sendNotice,
  type NoticeInput,
  type NoticePick,
  type NoticeSegmentId,
} from '../../../sync/api/admin-notices';
import { call, fieldErrorsOf } from '../../lib/api';
import { Button, Card, Checkbox, Dialog, FormError, Notice, Page, SelectField, Skeleton, TextArea, TextField } from '../../ui';
import { adminKey, useAdminAction } from '../admin/admin-api';
import { NoticeHistory } from './notice-history';
import { NoticeTargetPicker } from './notice-target-picker';
import './support.css';

interface Draft {
  segment: NoticeSegmentId;
  target: NoticePick | null;
  inApp: boolean;
  email: boolean;
  title: string;
  body: string;
  link: string;
}
const EMPTY: Draft = { segment: 'everyone', target: null, inApp: true, email: false, title: '', body: '', link: '' };

const needsTarget = (segment: NoticeSegmentId) => segment === 'followers' || segment === 'buyers';

function Preview({ draft }: { draft: Draft }) {
  const audience = { segment: draft.segment, refId: draft.target?.id ?? '', inApp: draft.inApp, email: draft.email };
  const ready = (draft.inApp || draft.email) && (!needsTarget(draft.segment) || draft.target !== null);
  const query = useQuery({
    queryKey: adminKey('notices-preview', audience),
    queryFn: ({ signal }) => call(previewNotice, { body: audience, signal }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  let content;
  if (!ready) content = <p className="muted">{draft.inApp || draft.email ? 'Choose who the notice is for.' : 'Choose a channel.'}</p>;
  else if (query.isError) content = <Notice tone="error">The count could not be made. Try again.</Notice>;
  else if (!query.data) content = <Skeleton lines={3} label="Counting recipients…" />;
  else {
    const c = query.data;
    content = (
      <dl aria-busy={query.isFetching} data-testid="notices-preview">
        <dt>In the segment</dt>
        <dd>{c.total}</dd>
        {draft.inApp && (
          <>
            <dt>In the app</dt>
            <dd>{c.inApp}</dd>
          </>
        )}
        {draft.email && (
          <>
            <dt>By e-mail</dt>
            <dd>{c.email}</dd>
          </>
        )}
        <dt>Left out by their settings</dt>
        <dd>{c.excluded}</dd>
      </dl>
    );
  }
  return (
    <Card title="Recipients">
      <div className="notices-preview" role="status">
        {content}
      </div>
      <p className="muted">People choose in Settings → Notifications (“Notices from Quire”) whether notices reach them in the app or by e-mail.</p>
    </Card>
  );
}

export function NoticesPage() {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [confirming, setConfirming] = useState(false);
  const send = useAdminAction((body: NoticeInput) => call(sendNotice, { body }), 'Notice queued for sending.');
  const errors = fieldErrorsOf(send.error);
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));
  const input: NoticeInput = {
    segment: draft.segment,
    refId: draft.target?.id ?? '',
    inApp: draft.inApp,
    email: draft.email,
    title: draft.title,
    body: draft.body,
    link: draft.link,
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    setConfirming(true);
  }
  function confirm() {
    send.mutate(input, {
      onSuccess: () => setDraft(EMPTY),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <Page title="Notices" description="Tell a group of people something: in the app, by e-mail, or both." wide>
      <div className="notices-layout">
        <form className="notices-form" onSubmit={submit} noValidate aria-label="New notice">
          <SelectField
            label="Send to"
            value={draft.segment}
            onChange={(e) => set({ segment: e.target.value as NoticeSegmentId, target: null })}
            error={errors.segment}
          >
            {NOTICE_SEGMENTS.map((s) => (
              <option key={s} value={s}>
                {SEGMENT_LABELS[s]}
              </option>
            ))}
          </SelectField>
          {needsTarget(draft.segment) && (
            <NoticeTargetPicker
              key={draft.segment}
              kind={draft.segment === 'followers' ? 'author' : 'book'}
              picked={draft.target}
              onPick={(target) => set({ target })}
              error={errors.refId}
            />
          )}
          <fieldset className="notices-channels">
            <legend>Channels</legend>
            <Checkbox label="In the app" checked={draft.inApp} onChange={(e) => set({ inApp: e.target.checked })} />
            <Checkbox label="E-mail" checked={draft.email} onChange={(e) => set({ email: e.target.checked })} />
          </fieldset>
          {errors.inApp && <FormError>{errors.inApp}</FormError>}
          <TextField
            label="Title"
            maxLength={NOTICE_TITLE_MAX}
            value={draft.title}
            error={errors.title}
            onChange={(e) => set({ title: e.target.value })}
            required
          />
          <TextArea
            label="Message"
            rows={5}
            maxLength={NOTICE_BODY_MAX}
            value={draft.body}
            error={errors.body}
            onChange={(e) => set({ body: e.target.value })}
          />
          <TextField
            label="Link (optional)"
            hint="A page on Quire, like /blog/summer-reading."
            value={draft.link}
            error={errors.link}
            onChange={(e) => set({ link: e.target.value })}
          />
          <div className="row">
            <Button type="submit" disabled={!draft.title.trim() || (!draft.inApp && !draft.email)}>
              Review and send
            </Button>
          </div>
        </form>
        <Preview draft={draft} />
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Send this notice?"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={confirm} loading={send.isPending}>
              Send notice
            </Button>
          </>
        }
      >
        <p>
          “{draft.title.trim()}” goes to{' '}
          <strong>{draft.target ? `${SEGMENT_LABELS[draft.segment]}: ${draft.target.label}` : SEGMENT_LABELS[draft.segment]}</strong>{' '}
          {draft.inApp && draft.email ? 'in the app and by e-mail' : draft.inApp ? 'in the app' : 'by e-mail'}. It cannot be taken back.
        </p>
      </Dialog>
      <NoticeHistory />
    </Page>
  );
}
