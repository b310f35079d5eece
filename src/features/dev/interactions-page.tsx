/**
 * `/dev/professional-interactions` (admins and development builds): the interaction patterns
 * Quire's pages follow, each working on sample data — undo instead of "are you sure", keyboard
 * reordering with a spoken result, validation that waits for the person, autosave that says
 * what it is doing, long work that can be cancelled, and actions that know they are offline.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Card, Page, TextField, useOnline, useToast } from '../../ui';
import './dev.css';

const BOOKS = ['The Lamp Room', 'Salt and Ledgers', 'What the Fog Keeps', 'An Unfinished Thing'];

function UndoDemo() {
  const toast = useToast();
  const [books, setBooks] = useState(BOOKS);
  function archive(title: string) {
    const at = books.indexOf(title);
    setBooks((b) => b.filter((t) => t !== title));
    toast(`Archived “${title}”`, {
      action: { label: 'Undo', onClick: () => setBooks((b) => (b.includes(title) ? b : [...b.slice(0, at), title, ...b.slice(at)])) },
    });
  }
  return (
    <Card title="Undo, not “are you sure?”">
      <p className="demo-note">A reversible action happens at once and offers an undo; only what cannot be undone asks first.</p>
      <ul className="demo-list" aria-label="Sample shelf">
        {books.map((t) => (
          <li key={t}>
            <span>{t}</span>
            <Button size="sm" variant="ghost" onClick={() => archive(t)} aria-label={`Archive ${t}`}>
              Archive
            </Button>
          </li>
        ))}
      </ul>
      {books.length === 0 && <p className="demo-note">Shelf empty. Undo brings them back.</p>}
    </Card>
  );
}

function ReorderDemo() {
  const [books, setBooks] = useState(BOOKS);
  const [said, setSaid] = useState('');
  const refs = useRef(new Map<string, HTMLLIElement>());
  const [focus, setFocus] = useState<string | null>(null);
  useEffect(() => {
    if (focus) refs.current.get(focus)?.focus();
  }, [books, focus]);
  function onKey(e: KeyboardEvent, title: string) {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const from = books.indexOf(title);
    const to = from + (e.key === 'ArrowUp' ? -1 : 1);
    if (to < 0 || to >= books.length) return setSaid(`“${title}” is already ${to < 0 ? 'first' : 'last'}.`);
    const next = [...books];
    next.splice(from, 1);
    next.splice(to, 0, title);
    setBooks(next);
    setFocus(title);
    setSaid(`“${title}” moved to position ${to + 1} of ${books.length}.`);
  }
  return (
    <Card title="Reorder by keyboard">
      <p className="demo-note">Focus a book and press Alt + ↑ or Alt + ↓. The new position is announced.</p>
      <ol className="demo-list demo-reorder" aria-label="Reading order" aria-describedby="reorder-help">
        {books.map((t) => (
          <li
            key={t}
            tabIndex={0}
            ref={(el) => {
              if (el) refs.current.set(t, el);
              else refs.current.delete(t);
            }}
            onKeyDown={(e) => onKey(e, t)}
          >
            {t}
          </li>
        ))}
      </ol>
      <p id="reorder-help" className="visually-hidden">
        Alt and the arrow keys move the focused book.
      </p>
      <p className="demo-status" role="status" data-testid="reorder-status">
        {said}
      </p>
    </Card>
  );
}

const validEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

function ValidationDemo() {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState(false);
  // Judged once the person leaves the field or submits, never while they are still typing.
  const error =
    touched && !validEmail(email)
      ? email
        ? 'That does not look like an e-mail address: it needs an @ and a domain.'
        : 'Enter your e-mail address.'
      : undefined;
  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!validEmail(email)) return document.getElementById('demo-email')?.focus();
    setSent(true);
  }
  return (
    <Card title="Validation that waits">
      <form onSubmit={submit} noValidate className="stack">
        <TextField
          id="demo-email"
          label="E-mail"
          type="email"
          value={email}
          error={error}
          hint="Checked when you leave the field."
          onChange={(e) => (setEmail(e.target.value), setSent(false))}
          onBlur={() => setTouched(true)}
        />
        <div className="row">
          <Button type="submit">Subscribe</Button>
          <span className="demo-status" role="status">
            {sent ? `Subscribed ${email}.` : ''}
          </span>
        </div>
      </form>
    </Card>
  );
}

function AutosaveDemo() {
  const [text, setText] = useState('Chapter notes: the heron returns on the third day.');
  const [state, setState] = useState<'saved' | 'waiting' | 'saving'>('saved');
  useEffect(() => {
    if (state !== 'waiting') return;
    // Saved 800 ms after the last keystroke, not on every one.
    const t = setTimeout(() => {
      setState('saving');
      setTimeout(() => setState('saved'), 400);
    }, 800);
    return () => clearTimeout(t);
  }, [text, state]);
  return (
    <Card title="Autosave that says so">
      <label className="demo-field">
        Notes
        <textarea value={text} rows={3} onChange={(e) => (setText(e.target.value), setState('waiting'))} />
      </label>
      <p className="demo-status" role="status" data-testid="autosave-status">
        {state === 'saved' ? 'Saved' : state === 'saving' ? 'Saving…' : 'Changes not saved yet'}
      </p>
    </Card>
  );
}

function CancellableDemo() {
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState('');
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);
  function start() {
    setResult('');
    setProgress(0);
    timer.current = setInterval(() => {
      setProgress((p) => {
        const next = (p ?? 0) + 5;
        if (next < 100) return next;
        clearInterval(timer.current);
        setResult('Export ready: the-lamp-room.epub');
        return null;
      });
    }, 150);
  }
  function cancel() {
    clearInterval(timer.current);
    setProgress(null);
    setResult('Export cancelled. Nothing was kept.');
  }
  return (
    <Card title="Long work shows progress and can stop">
      {progress === null ? (
        <Button onClick={start}>Export sample book</Button>
      ) : (
        <div className="row">
          <progress max={100} value={progress} aria-label="Export progress" />
          <span>{progress}%</span>
          <Button variant="secondary" size="sm" onClick={cancel}>
            Cancel
          </Button>
        </div>
      )}
      <p className="demo-status" role="status">
        {result}
      </p>
    </Card>
  );
}

function OfflineDemo() {
  const online = useOnline();
  return (
    <Card title="Actions that know they are offline">
      <p className="demo-note">Writing works offline and syncs later; buying needs the network and says so before the click, not after.</p>
      <div className="row">
        <Button variant="secondary">Save a note</Button>
        <Button disabled={!online}>Buy now</Button>
      </div>
      <p className="demo-status" role="status">
        {online ? 'Online: both work.' : 'Offline: notes are kept on this device; buying waits for a connection.'}
      </p>
    </Card>
  );
}

export function InteractionsPage() {
  return (
    <Page title="Interactions" wide description="How Quire's pages behave, each pattern working on sample data. Nothing here is saved.">
      <div className="demo-grid">
        <UndoDemo />
        <ReorderDemo />
        <ValidationDemo />
        <AutosaveDemo />
        <CancellableDemo />
        <OfflineDemo />
      </div>
    </Page>
  );
}
