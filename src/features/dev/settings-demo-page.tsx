/**
 * `/settings-demo` (admins and development builds): the settings pages' building blocks on sample
 * data, with the server's answers chosen by hand — a form through pristine, changed, saving,
 * saved, refused and offline; the notification grid; the reader controls; a confirmed danger
 * action. Nothing here is sent anywhere.
 */
import { useState, type FormEvent } from 'react';
import { defaultPrefs, type NotificationChannel, type NotificationEvent } from '../../../sync/api/notifications';
import { Button, Card, Dialog, FormError, Notice, Page, SelectField, TextArea, TextField, useToast } from '../../ui';
import { SettingsPanel } from '../reader/reader-panels';
import { useReaderSettings, type ReaderSettings } from '../reader/reader-settings';
import { PrefsTable } from '../settings/notifications-page';
import '../reader/reader.css';
import '../settings/settings.css';
import './dev.css';

type Answer = 'ok' | 'field' | 'offline' | 'server';
const ANSWERS: Record<Answer, string> = {
  ok: 'Saved',
  field: 'Refused: the display name is taken (409)',
  offline: 'No connection',
  server: 'Server failed (503)',
};
const SAVED = { name: 'Ada Author', bio: 'Writes slow novels about fast weather.' };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function ProfileFormDemo() {
  const toast = useToast();
  const [answer, setAnswer] = useState<Answer>('ok');
  const [saved, setSaved] = useState(SAVED);
  const [draft, setDraft] = useState(SAVED);
  const [state, setState] = useState<{ saving: boolean; field?: string; form?: string }>({ saving: false });
  const changed = draft.name !== saved.name || draft.bio !== saved.bio;
  const nameError = draft.name.trim() === '' ? 'Enter a display name.' : state.field;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (nameError && !state.field) return;
    setState({ saving: true });
    await wait(600);
    if (answer === 'ok') {
      setSaved(draft);
      setState({ saving: false });
      toast('Profile saved', { tone: 'success' });
    } else if (answer === 'field') setState({ saving: false, field: 'That display name is taken. Try another.' });
    else if (answer === 'offline') setState({ saving: false, form: 'You are offline. Your changes are kept here; save again when you are back online.' });
    else setState({ saving: false, form: 'Quire could not save this just now (503). Your changes are kept; try again in a moment.' });
  }

  return (
    <Card title="A form with every answer">
      <SelectField label="The server will answer" value={answer} onChange={(e) => setAnswer(e.target.value as Answer)} hint="Pick an answer, then save.">
        {(Object.keys(ANSWERS) as Answer[]).map((a) => (
          <option key={a} value={a}>
            {ANSWERS[a]}
          </option>
        ))}
      </SelectField>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <FormError>{state.form ?? null}</FormError>
        <TextField
          label="Display name"
          value={draft.name}
          error={nameError}
          onChange={(e) => {
            setDraft({ ...draft, name: e.target.value });
            setState({ saving: false });
          }}
        />
        <TextArea label="Bio" hint="Shown on your author page." value={draft.bio} onChange={(e) => setDraft({ ...draft, bio: e.target.value })} rows={3} />
        <div className="row">
          <Button type="submit" loading={state.saving} disabled={!changed}>
            Save profile
          </Button>
          <Button variant="secondary" type="button" disabled={!changed || state.saving} onClick={() => (setDraft(saved), setState({ saving: false }))}>
            Discard changes
          </Button>
          <span className="demo-status" role="status" data-testid="settings-demo-status">
            {state.saving ? 'Saving…' : changed ? 'Unsaved changes' : 'All changes saved'}
          </span>
        </div>
      </form>
    </Card>
  );
}

function NotificationsDemo() {
  const [prefs, setPrefs] = useState(defaultPrefs);
  const toggle = (event: NotificationEvent, channel: NotificationChannel) =>
    setPrefs((p) => ({ ...p, [event]: { ...p[event], [channel]: !p[event][channel] } }));
  const off = Object.values(prefs)
    .flatMap((c) => Object.values(c))
    .filter((on) => !on).length;
  return (
    <Card title="Notification choices">
      <p className="demo-note">The real events and defaults; the locked boxes are security e-mails, always on. {off} choices are off.</p>
      <PrefsTable prefs={prefs} onToggle={toggle} />
    </Card>
  );
}

function ReaderDemo() {
  const [mine] = useReaderSettings();
  const [settings, setSettings] = useState<ReaderSettings>(mine);
  return (
    <Card title="Reader controls">
      <p className="demo-note">The reader's settings panel, on a copy of yours: changes stay on this page.</p>
      <SettingsPanel settings={settings} onChange={(patch) => setSettings((s) => ({ ...s, ...patch }))} />
    </Card>
  );
}

function DangerDemo() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [done, setDone] = useState(false);
  const close = () => (setOpen(false), setTyped(''));
  return (
    <Card title="A confirmed danger action">
      {done ? (
        <Notice tone="success">The sample account was “deleted”. Nothing real happened.</Notice>
      ) : (
        <p className="demo-note">Deleting asks for the account name typed out, so it is never one slip away.</p>
      )}
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete sample account…
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Delete the sample account?"
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Keep it
            </Button>
            <Button variant="danger" disabled={typed !== 'ada'} onClick={() => (setDone(true), close())}>
              Delete for good
            </Button>
          </>
        }
      >
        <p>Its books, lists and notes go with it. Type the account name, ada, to confirm.</p>
        <TextField label="Account name" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
      </Dialog>
    </Card>
  );
}

export function SettingsDemoPage() {
  return (
    <Page
      title="Settings components"
      wide
      description="The settings pages' parts on sample data, with the server's answer chosen by hand. Nothing here is saved."
    >
      <div className="demo-grid">
        <ProfileFormDemo />
        <DangerDemo />
        <NotificationsDemo />
        <ReaderDemo />
      </div>
    </Page>
  );
}
