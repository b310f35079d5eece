/**
 * `/dflip-minimal`, `/dflip-test` and `/dflip-working` (admins and development builds): the
 * reader's paginated view and its page turn on the sample book, with no server or library.
 * Minimal is the view alone; test adds the numbers and a round-trip check of the turns; working
 * is the view as a reader uses it, with contents, their own type settings and progress.
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, Button, usePageTitle } from '../../ui';
import { bookProgress, progressLabel, minutesLeft } from '../reader/pagination';
import { PaginatedView } from '../reader/paginated-view';
import { Drawer, SettingsPanel } from '../reader/reader-panels';
import { TocPanel } from '../reader/toc-panel';
import { settingsStyle, useReaderSettings, type ReaderSettings } from '../reader/reader-settings';
import type { Position, Target, ViewHandle, ViewProps } from '../reader/types';
import { openSampleBook } from './sample-book';
import '../reader/reader.css';
import './dev.css';

const START: Target = { chapterId: 'ch1', fraction: 0 };
// Module constants: the view re-lays the chapter out when its highlights or callbacks change.
const NO_HIGHLIGHTS: ViewProps['highlights'] = [];
const ignoreSelection = () => undefined;

function TurnFrame({
  title,
  settings,
  actions,
  status,
  children,
}: {
  title: string;
  settings: ReaderSettings;
  actions?: ReactNode;
  status: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className={`reader reader-paginated reader-theme-${settings.readerTheme} reader-progression-ltr`} style={settingsStyle(settings)}>
      <header className="reader-bar">
        <Link to="/dev" className="reader-back" aria-label="Back to the development pages">
          ←
        </Link>
        <h1 className="reader-title">{title}</h1>
        {actions && (
          <nav className="reader-actions" aria-label="Page turn">
            {actions}
          </nav>
        )}
      </header>
      {children}
      <footer className="reader-status" aria-live="polite" data-testid="reader-progress">
        {status}
      </footer>
    </div>
  );
}

function TurnView({ view, settings, onPosition }: { view: React.RefObject<ViewHandle | null>; settings: ReaderSettings; onPosition: (p: Position) => void }) {
  const book = openSampleBook();
  return (
    <div className="reader-main">
      <PaginatedView ref={view} book={book} settings={settings} initial={START} highlights={NO_HIGHLIGHTS} onPosition={onPosition} onSelect={ignoreSelection} />
      <button type="button" className="reader-turn reader-turn-prev" aria-label="Previous page" onClick={() => view.current?.prev()} />
      <button type="button" className="reader-turn reader-turn-next" aria-label="Next page" onClick={() => view.current?.next()} />
    </div>
  );
}

function where(position: Position | null): string {
  if (!position) return ' ';
  const book = openSampleBook();
  const i = book.chapters.findIndex((c) => c.id === position.chapterId);
  const words = book.chapters.map((c) => c.wordCount);
  return `${book.chapters[i]?.title ?? ''} · ${progressLabel(bookProgress(words, i, position.chapterFraction), minutesLeft(words[i] ?? 0, position.chapterFraction))}`;
}

export function DflipMinimalPage() {
  const view = useRef<ViewHandle>(null);
  const [settings] = useReaderSettings();
  const [position, setPosition] = useState<Position | null>(null);
  return (
    <TurnFrame title="Page turn — minimal" settings={settings} status={where(position)}>
      <TurnView view={view} settings={settings} onPosition={setPosition} />
    </TurnFrame>
  );
}

type Check = { state: 'idle' | 'running' } | { state: 'done'; passed: boolean; detail: string };

/** Resolves with where the view lands after the next turn. */
function useLandings() {
  const waiting = useRef<((p: Position) => void) | null>(null);
  const landed = useCallback((p: Position) => {
    waiting.current?.(p);
    waiting.current = null;
  }, []);
  const next = useCallback(() => new Promise<Position>((resolve) => (waiting.current = resolve)), []);
  return { landed, next };
}

const TURNS = 4;

export function DflipTestPage() {
  const view = useRef<ViewHandle>(null);
  const [synced] = useReaderSettings();
  const [animate, setAnimate] = useState(false);
  // One object per change: the view re-lays the chapter out whenever its settings object changes.
  const settings = useMemo(() => ({ ...synced, pageTurnAnimation: animate }), [synced, animate]);
  const [position, setPosition] = useState<Position | null>(null);
  const latest = useRef<Position | null>(null);
  const [turns, setTurns] = useState(0);
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const landings = useLandings();
  const onPosition = useCallback(
    (p: Position) => {
      setPosition(p);
      latest.current = p;
      landings.landed(p);
    },
    [landings],
  );

  /**
   * Up to TURNS pages forward, then as many back: the reader must be on the page it started from.
   * Forward turns stop on reaching the last chapter, so every turn asked for moves (a turn past
   * the book's end would report nothing, and waiting for silence is a guess about time).
   */
  async function runCheck() {
    if (!position || !view.current) return;
    setCheck({ state: 'running' });
    const start = position;
    const lastChapter = openSampleBook().chapters.at(-1)!.id;
    const turn = (delta: 1 | -1) => {
      const landing = landings.next();
      if (delta > 0) view.current?.next();
      else view.current?.prev();
      setTurns((n) => n + 1);
      return landing;
    };
    let forward = 0;
    while (forward < TURNS && latest.current?.chapterId !== lastChapter) {
      await turn(1);
      forward++;
    }
    for (let i = 0; i < forward; i++) await turn(-1);
    const end = latest.current;
    const passed = !!end && end.chapterId === start.chapterId && end.quote.exact === start.quote.exact;
    setCheck({
      state: 'done',
      passed,
      detail: passed
        ? `${forward} pages forward and back: on the first page again.`
        : `Ended at ${end?.chapterId ?? '?'} “${end?.quote.exact.slice(0, 30) ?? ''}…”.`,
    });
  }

  return (
    <TurnFrame
      title="Page turn — test"
      settings={settings}
      actions={
        <>
          <label className="reader-check">
            <input type="checkbox" checked={animate} onChange={(e) => setAnimate(e.target.checked)} /> Slide
          </label>
          <Button size="sm" variant="secondary" onClick={() => void runCheck()} loading={check.state === 'running'} disabled={!position}>
            Run turn check
          </Button>
        </>
      }
      status={
        <span className="dflip-readout" data-testid="dflip-readout">
          <span>Chapter {position?.chapterId ?? '–'}</span>
          <span>{position ? `${Math.round(position.chapterFraction * 100)}% of chapter` : '–'}</span>
          <span>{turns} turns</span>
          <span className="dflip-quote" data-testid="dflip-quote">
            “{position?.quote.exact.slice(0, 40) ?? ''}…”
          </span>
          {check.state === 'done' && (
            <span data-testid="dflip-check">
              <Badge tone={check.passed ? 'success' : 'danger'}>{check.passed ? 'Passed' : 'Failed'}</Badge> {check.detail}
            </span>
          )}
        </span>
      }
    >
      <TurnView view={view} settings={settings} onPosition={onPosition} />
    </TurnFrame>
  );
}

export function DflipWorkingPage() {
  const view = useRef<ViewHandle>(null);
  const [settings, updateSettings] = useReaderSettings();
  const [position, setPosition] = useState<Position | null>(null);
  const [panel, setPanel] = useState<'toc' | 'settings' | null>(null);
  const toggle = (p: 'toc' | 'settings') => setPanel((old) => (old === p ? null : p));
  return (
    <TurnFrame
      title="Page turn — working"
      settings={settings}
      status={where(position)}
      actions={
        <>
          <button type="button" onClick={() => toggle('toc')} aria-expanded={panel === 'toc'}>
            Contents
          </button>
          <button type="button" onClick={() => toggle('settings')} aria-expanded={panel === 'settings'} aria-label="Reader settings">
            Aa
          </button>
        </>
      }
    >
      <TurnView view={view} settings={settings} onPosition={setPosition} />
      {panel === 'toc' && (
        <Drawer title="Contents" onClose={() => setPanel(null)} fill>
          <TocPanel
            book={openSampleBook()}
            currentChapterId={position?.chapterId}
            onGo={(t) => {
              setPanel(null);
              view.current?.goTo(t);
            }}
          />
        </Drawer>
      )}
      {panel === 'settings' && (
        <Drawer title="Reader settings" onClose={() => setPanel(null)}>
          <SettingsPanel settings={settings} onChange={updateSettings} more />
        </Drawer>
      )}
    </TurnFrame>
  );
}
