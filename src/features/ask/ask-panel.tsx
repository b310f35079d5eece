/**
 * The reader's "Ask this book" drawer: a question, and the passages that answer it, ranked, with
 * the matched words marked; each opens the reader at its place. Online the server answers
 * (server/ask) and each answer takes helpful / not helpful; offline, a downloaded book answers
 * from an index built here (offline-index.ts, lazily loaded with MiniSearch).
 */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { askBook, QUESTION_MAX, sendAskFeedback, type Answer } from '../../../sync/api/ask';
import type { BookDetailResponse } from '../../../sync/api/books';
import { ApiRequestError, call, errorMessage, fieldErrorsOf } from '../../lib/api';
import { Button, Notice, TextField, useOnline } from '../../ui';
import { isDownloaded } from '../library/offline-books';
import { askErrorMessage } from './ask-errors';
import './ask.css';

interface Asked {
  question: string;
  /** The logged query (online answers only): feedback needs it. */
  queryId: string | null;
  answers: Answer[];
}

const offlineAnswers = (book: BookDetailResponse, question: string) => import('./offline-index').then((m) => m.askOffline(book, question));

function Marked({ text, ranges }: { text: string; ranges: [number, number][] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  ranges.forEach(([start, end], i) => {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={i}>{text.slice(start, end)}</mark>);
    at = end;
  });
  parts.push(text.slice(at));
  return <>{parts}</>;
}

function Feedback({ queryId, passageId }: { queryId: string; passageId: string }) {
  const [given, setGiven] = useState<boolean | null>(null);
  const [failed, setFailed] = useState('');
  const send = (helpful: boolean) => {
    setFailed('');
    call(sendAskFeedback, { params: { queryId }, body: { passageId, helpful } }).then(
      () => setGiven(helpful),
      (e: unknown) => setFailed(errorMessage(e)),
    );
  };
  return (
    <div className="ask-feedback" role="group" aria-label="Was this answer helpful?">
      <Button size="sm" variant="ghost" aria-pressed={given === true} onClick={() => send(true)}>
        Helpful
      </Button>
      <Button size="sm" variant="ghost" aria-pressed={given === false} onClick={() => send(false)}>
        Not helpful
      </Button>
      {given !== null && <span className="ask-thanks">Thanks for saying.</span>}
      {failed && <span className="ask-feedback-error">{failed}</span>}
    </div>
  );
}

export function AskPanel({ book, onOpen }: { book: BookDetailResponse; onOpen: (answer: Answer) => void }) {
  const online = useOnline();
  const [question, setQuestion] = useState('');
  const [asked, setAsked] = useState<Asked | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [offlineMode, setOfflineMode] = useState(false);
  const [downloaded, setDownloaded] = useState<boolean | null>(null);
  const inputId = useId();
  const focusInput = () => document.getElementById(inputId)?.focus();
  // Opening the drawer means typing next (after the drawer focused its close button).
  useEffect(focusInput, [inputId]);
  useEffect(() => {
    void isDownloaded(book.id).then(setDownloaded);
  }, [book.id]);

  async function ask(e: FormEvent) {
    e.preventDefault();
    const q = question.trim();
    if (q.length < 2) {
      setFieldError('Ask a question of a few words.');
      focusInput();
      return;
    }
    setFieldError('');
    setError('');
    setBusy(true);
    try {
      if (online) {
        try {
          const result = await call(askBook, { params: { id: book.id }, body: { question: q } });
          setOfflineMode(false);
          setAsked({ question: q, queryId: result.queryId, answers: result.answers });
          return;
        } catch (err) {
          // The network failed (navigator.onLine can lie): a downloaded book still answers.
          if (!(err instanceof ApiRequestError && err.code === 'network' && downloaded)) throw err;
        }
      } else if (!downloaded) {
        setError('You’re offline. Download this book from your library to ask it offline.');
        return;
      }
      const result = await offlineAnswers(book, q);
      setOfflineMode(true);
      setAsked({ question: q, queryId: null, answers: result.answers });
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields.question) setFieldError(fields.question);
      else setError(askErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="ask-panel">
      <form className="ask-form" onSubmit={(e) => void ask(e)} noValidate>
        <TextField
          id={inputId}
          label="Your question"
          hint="Answers are passages of the book itself."
          value={question}
          maxLength={QUESTION_MAX}
          onChange={(e) => setQuestion(e.target.value)}
          error={fieldError || undefined}
          placeholder="Who is Queequeg?"
          autoComplete="off"
        />
        <Button type="submit" loading={busy}>
          Ask
        </Button>
      </form>
      {!online && (
        <p className="reader-muted ask-mode">{downloaded ? 'Offline: answering from the downloaded book.' : 'Offline: only downloaded books can be asked.'}</p>
      )}
      {error && <Notice tone="error">{error}</Notice>}
      <div aria-busy={busy} aria-live="polite" className="ask-results">
        {asked && (
          <p className="reader-muted" role="status">
            {asked.answers.length === 0
              ? `No passage answers “${asked.question}”. Try other words.`
              : `${asked.answers.length} passage${asked.answers.length === 1 ? '' : 's'} for “${asked.question}”${offlineMode ? ' (offline)' : ''}`}
          </p>
        )}
        <ol className="ask-answers">
          {asked?.answers.map((a) => (
            <li key={a.passageId} className="ask-answer">
              <a
                href={`#${a.chapterId}`}
                className="ask-open"
                onClick={(e) => {
                  e.preventDefault();
                  onOpen(a);
                }}
              >
                <span className="ask-where">
                  {a.chapterTitle}
                  {a.heading && a.heading !== a.chapterTitle ? ` · ${a.heading}` : ''}
                </span>
                <span className="ask-text">
                  <Marked text={a.text} ranges={a.highlights} />
                </span>
              </a>
              {asked.queryId && <Feedback queryId={asked.queryId} passageId={a.passageId} />}
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
