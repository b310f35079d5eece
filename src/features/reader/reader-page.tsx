/**
 * `/books/{bookId}` (paginated) and `/books/{bookId}/flow` (one scroll), and the same under
 * `/books/manuscript/{id}` for a manuscript one owns or co-writes, and `/books/edition/{id}` for
 * an edition submitted for review (its author and reviewers): the reader shell —
 * toolbar, progress, drawers, selection toolbar — around the view. Resumes at the replicated
 * position and follows a newer position from another device until the reader turns a page.
 * A fixed-layout book (comics, picture books) is shown in pages by FixedLayoutView on either
 * route, with a Pages drawer of thumbnails instead of the Scroll toggle (decision 029).
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import type { Answer } from '../../../sync/api/ask';
import type { BookDetailResponse } from '../../../sync/api/books';
import { openingChapter } from '../../../sync/books/opening-chapter';
import type { LibraryProgress } from '../../../sync/collections/library-progress';
import { answerMarks } from '../ask/answer-marks';
import { knownUserId, useSession } from '../../lib/session';
import { queryClient } from '../../lib/query-client';
import { Spinner, usePageTitle } from '../../ui';
import { fixedPages, isFixedLayout, pageLabel, pageProgress } from './fixed-layout';
import { FixedLayoutView } from './fixed-layout-view';
import { FlowView } from './flow-view';
import { PageThumbnails } from './page-thumbnails';
import { PaginatedView } from './paginated-view';
import { minutesLeft, pageGeometry, progressLabel } from './pagination';
import { chapterList } from './chapter-list';
import { AnnotationsPanel, Drawer, SearchPanel, SettingsPanel } from './reader-panels';
import { TocPanel } from './toc-panel';
import { settingsStyle, useReaderSettings } from './reader-settings';
import { SelectionToolbar, type Selected } from './selection-toolbar';
import type { Position, Target, ViewHandle } from './types';
import { readerPath, useBook, isManuscript, loadChapter, startReading, type BookKind } from './use-book';
import { rememberedPosition, useAnnotations, useProgress } from './use-reading-state';
import { BookStylesheets } from './book-content';
import './reader.css';

/** "Ask this book" (features/ask): its own chunk, loaded when the drawer opens. */
const AskPanel = lazy(() => import('../ask/ask-panel').then((m) => ({ default: m.AskPanel })));

/** The book routes' loader: the book and its first chapter are requested at once (startReading), not after the session check and the first render. */
export function readerLoader({ params }: LoaderFunctionArgs) {
  const bookId = params.bookId ?? '';
  const userId = knownUserId(queryClient);
  startReading(queryClient, bookId, userId ? rememberedPosition(userId, bookId) : null);
  return null;
}

export function ReaderPage() {
  return <Reader mode="paginated" kind="book" />;
}
export function FlowReaderPage() {
  return <Reader mode="flow" kind="book" />;
}
export function ManuscriptReaderPage() {
  return <Reader mode="paginated" kind="manuscript" />;
}
export function ManuscriptFlowReaderPage() {
  return <Reader mode="flow" kind="manuscript" />;
}
export function EditionReaderPage() {
  return <Reader mode="paginated" kind="edition" />;
}
export function EditionFlowReaderPage() {
  return <Reader mode="flow" kind="edition" />;
}

function Reader({ mode, kind }: { mode: 'paginated' | 'flow'; kind: BookKind }) {
  const { bookId = '' } = useParams();
  const { user } = useSession();
  const book = useBook(bookId, kind);
  const { progress, loading } = useProgress(user?.id ?? '', bookId);
  usePageTitle(book.data?.title ?? 'Reader');
  if (book.error) {
    return (
      <div className="reader-message" role="alert">
        <h1>Can't open this book</h1>
        <p>{book.error.message}</p>
        <Link to="/books">Back to the library</Link>
      </div>
    );
  }
  // The local database is not waited for: the reader opens at this device's remembered place
  // and follows the replicated position if it is newer (see ReaderShell).
  if (!book.data || !user) return <Spinner label="Opening the book…" />;
  const saved = progress?.position ?? (loading ? rememberedPosition(user.id, bookId) : null);
  return <Opening mode={mode} book={book.data} userId={user.id} saved={saved} />;
}

type ReadingPlace = LibraryProgress['position'];

/** Where the reader opens: the saved place when its chapter can be read, else the first readable chapter. */
function Opening({
  mode,
  book,
  userId,
  saved: savedNow,
}: {
  mode: 'paginated' | 'flow';
  book: BookDetailResponse;
  userId: string;
  saved: ReadingPlace | null;
}) {
  // Decided once: the views read their initial target once, and the reader's own moves change the
  // saved place as it reads (a newer one from another device is followed by ReaderShell).
  const [saved] = useState(savedNow);
  const openAt = openingChapter(book, saved);
  // A long book's place outside the chapters listed with it (decision 054): its request, started
  // with the book's (startReading), says whether it is still there.
  const unlisted = saved && openAt === saved.chapterId && !book.chapters.some((c) => c.id === openAt);
  const check = useQuery({
    queryKey: ['reader-place', book.id, unlisted ? openAt : null],
    queryFn: () =>
      loadChapter(book, openAt!).then(
        () => true,
        () => false,
      ),
    enabled: Boolean(unlisted),
    staleTime: Infinity,
  });
  const first = book.chapters.find((c) => c.readable);
  if (!openAt || !first) return <p className="reader-message">Nothing in this book is readable yet.</p>;
  if (unlisted && check.data === undefined) return <Spinner label="Opening the book…" />;
  const initial: Target =
    saved && openAt === saved.chapterId && (!unlisted || check.data)
      ? { chapterId: saved.chapterId, quote: saved.quote, fraction: saved.chapterFraction }
      : { chapterId: first.id, fraction: 0 };
  return <ReaderShell key={mode} mode={mode} book={book} userId={userId} initial={initial} />;
}

type Panel = 'toc' | 'settings' | 'notes' | 'search' | 'ask' | 'pages' | null;

function ReaderShell({ mode, book, userId, initial }: { mode: 'paginated' | 'flow'; book: BookDetailResponse; userId: string; initial: Target }) {
  const view = useRef<ViewHandle>(null);
  const navigate = useNavigate();
  const [settings, updateSettings] = useReaderSettings();
  const { progress, save, flush } = useProgress(userId, book.id);
  const { annotations, add, remove } = useAnnotations(userId, book.id);
  const [position, setPosition] = useState<Position | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const [selected, setSelected] = useState<Selected | null>(null);
  /** On phones the toolbar steps aside once reading starts; a tap in the middle brings it back. */
  const [chromeHidden, setChromeHidden] = useState(false);
  const interacted = useRef(false);
  const reported = useRef<Position | null>(null);
  const openedAt = useRef(progress?.updatedAt ?? 0);

  // A long book's chapters are known a page at a time (decision 054): re-rendered as pages arrive.
  const list = chapterList(book);
  useSyncExternalStore(list.subscribe, list.getVersion);
  const current = position ? list.get(position.chapterId) : undefined;
  const overall = position ? (list.progress(position.chapterId, position.chapterFraction) ?? 0) : 0;
  useEffect(() => {
    if (position && !list.get(position.chapterId)) void list.locate(position.chapterId).catch(() => undefined);
  }, [list, position]);
  // Fixed-layout books (comics, picture books) are read in pages, with no words to count.
  const fixed = isFixedLayout(book);
  const pages = useMemo(() => (fixed ? fixedPages(book) : []), [fixed, book]);

  const onPosition = useCallback(
    (p: Position) => {
      setPosition(p);
      reported.current = p;
      if (interacted.current) setChromeHidden(true);
      // Only a place the reader moved to is saved: the position shown on opening (the start,
      // before the replicated one arrives) must never overwrite another device's newer one.
      if (!interacted.current) return;
      const place = { chapterId: p.chapterId, quote: p.quote, chapterFraction: p.chapterFraction };
      if (fixed) return save({ ...place, progress: pageProgress(pages, p.chapterId) });
      const progressNow = list.progress(p.chapterId, p.chapterFraction);
      if (progressNow !== undefined) return save({ ...place, progress: progressNow });
      // A chapter the list has not reached yet: saved once its page is here, unless the reader moved on.
      void list.locate(p.chapterId).then(
        () => reported.current === p && save({ ...place, progress: list.progress(p.chapterId, p.chapterFraction) ?? 0 }),
        () => undefined,
      );
    },
    [save, fixed, pages, list],
  );

  // Page-turn keys go to the window, not to this subtree; listened for from the first commit, as the turns are.
  useLayoutEffect(() => {
    const mark = () => (interacted.current = true);
    window.addEventListener('keydown', mark, true);
    return () => window.removeEventListener('keydown', mark, true);
  }, []);

  // Another device moved on before this one was touched: follow it (but not our own writes).
  useEffect(() => {
    if (!progress || interacted.current || progress.updatedAt <= openedAt.current) return;
    const own = reported.current;
    if (
      own &&
      own.chapterId === progress.position.chapterId &&
      own.quote.exact === progress.position.quote.exact &&
      own.quote.prefix === progress.position.quote.prefix
    )
      return;
    openedAt.current = progress.updatedAt;
    view.current?.goTo({ chapterId: progress.position.chapterId, quote: progress.position.quote, fraction: progress.position.chapterFraction });
  }, [progress]);

  const go = (t: Target) => {
    interacted.current = true;
    setPanel(null);
    view.current?.goTo(t);
  };
  const toggle = (p: Panel) => {
    setChromeHidden(false);
    setPanel((old) => (old === p ? null : p));
  };
  /** The opened answer's passage and matched words, marked in the page until another is opened. */
  const [asked, setAsked] = useState<Answer | null>(null);
  const highlights = useMemo(() => [...annotations.filter((a) => a.kind === 'highlight'), ...(asked ? answerMarks(asked) : [])], [annotations, asked]);
  // Only a book one may read whole can be asked (the server refuses the rest).
  const askable = book.access === 'full' && !isManuscript(book);
  // A bookmark marks the page it was made on: the page whose first words it quotes.
  const bookmark = position
    ? annotations.find((a) => a.kind === 'bookmark' && a.chapterId === position.chapterId && a.quote.exact === position.quote.exact)
    : undefined;

  // The three views take the same props; only paginated and fixed-layout use the centre tap.
  const viewProps = {
    ref: view,
    book,
    settings,
    initial,
    highlights,
    onPosition,
    onSelect: setSelected,
    onCentreTap: () => setChromeHidden((hidden) => !hidden),
  };
  return (
    <div
      className={`reader reader-${fixed ? 'fixed' : mode} reader-theme-${settings.readerTheme} reader-progression-${pageGeometry(fixed ? 'horizontal-tb' : book.writingMode, book.direction).progression}`}
      style={settingsStyle(settings)}
      data-chrome={chromeHidden && !panel ? 'hidden' : 'shown'}
      onKeyDownCapture={() => (interacted.current = true)}
      onPointerDownCapture={() => (interacted.current = true)}
    >
      <BookStylesheets book={book} />
      <header className="reader-bar">
        <Link to="/books" className="reader-back" aria-label="Back to the library">
          ←
        </Link>
        <h1 className="reader-title">{book.title}</h1>
        <nav className="reader-actions" aria-label="Reader">
          <button type="button" onClick={() => toggle('toc')} aria-expanded={panel === 'toc'}>
            Contents
          </button>
          <button type="button" onClick={() => toggle('search')} aria-expanded={panel === 'search'}>
            Search
          </button>
          {askable && (
            <button type="button" onClick={() => toggle('ask')} aria-expanded={panel === 'ask'}>
              Ask
            </button>
          )}
          <button type="button" onClick={() => toggle('notes')} aria-expanded={panel === 'notes'}>
            Notes
          </button>
          <button type="button" onClick={() => toggle('settings')} aria-expanded={panel === 'settings'} aria-label="Reader settings">
            Aa
          </button>
          <button
            type="button"
            aria-pressed={bookmark !== undefined}
            title={bookmark ? 'Remove bookmark' : 'Bookmark this page'}
            onClick={() => {
              if (bookmark) void remove(bookmark.id);
              else if (position) void add({ kind: 'bookmark', chapterId: position.chapterId, quote: position.quote });
            }}
            disabled={!position}
          >
            Bookmark
          </button>
          {fixed ? (
            // Fixed pages do not scroll as one text; their thumbnails are the way around instead.
            <button type="button" onClick={() => toggle('pages')} aria-expanded={panel === 'pages'}>
              Pages
            </button>
          ) : (
            <button type="button" onClick={() => void flush().then(() => navigate(mode === 'flow' ? readerPath(book) : `${readerPath(book)}/flow`))}>
              {mode === 'flow' ? 'Pages' : 'Scroll'}
            </button>
          )}
          {book.access === 'full' && !isManuscript(book) && (
            <Link to={`/printable/${book.id}`} className="reader-action-link">
              Print
            </Link>
          )}
        </nav>
      </header>
      <div className="reader-main">
        {bookmark && <span className="reader-ribbon" aria-hidden="true" data-testid="bookmark-ribbon" />}
        {fixed ? <FixedLayoutView {...viewProps} /> : mode === 'paginated' ? <PaginatedView {...viewProps} /> : <FlowView {...viewProps} />}
        {(mode === 'paginated' || fixed) && (
          <>
            <button type="button" className="reader-turn reader-turn-prev" aria-label="Previous page" onClick={() => view.current?.prev()} />
            <button type="button" className="reader-turn reader-turn-next" aria-label="Next page" onClick={() => view.current?.next()} />
          </>
        )}
      </div>
      <footer className="reader-status" aria-live="polite" data-testid="reader-progress">
        {position && fixed
          ? pageLabel(pages, position.chapterId)
          : position
            ? current
              ? `${current.title ? `${current.title} · ` : ''}${progressLabel(overall, minutesLeft(current.readable ? current.wordCount : 0, position.chapterFraction))}`
              : ' '
            : ' '}
      </footer>
      {selected && (
        <SelectionToolbar
          selected={selected}
          onClose={() => setSelected(null)}
          onHighlight={(colour, note) => {
            void add({ kind: 'highlight', chapterId: selected.chapterId, quote: selected.quote, colour, note });
            document.getSelection()?.removeAllRanges();
            setSelected(null);
          }}
        />
      )}
      {panel === 'toc' && (
        <Drawer title="Contents" onClose={() => setPanel(null)} fill>
          <TocPanel book={book} currentChapterId={position?.chapterId} onGo={go} />
        </Drawer>
      )}
      {panel === 'settings' && (
        <Drawer title="Reader settings" onClose={() => setPanel(null)}>
          <SettingsPanel settings={settings} onChange={updateSettings} more fixedLayout={fixed} />
        </Drawer>
      )}
      {panel === 'notes' && (
        <Drawer title="Notes and highlights" onClose={() => setPanel(null)}>
          <AnnotationsPanel book={book} annotations={annotations} onGo={go} onRemove={(id) => void remove(id)} />
        </Drawer>
      )}
      {panel === 'pages' && (
        <Drawer title="Pages" onClose={() => setPanel(null)}>
          <PageThumbnails book={book} currentId={position?.chapterId} onGo={(chapterId) => go({ chapterId })} />
        </Drawer>
      )}
      {panel === 'search' && (
        <Drawer title="Search" onClose={() => setPanel(null)}>
          <SearchPanel book={book} onGo={go} />
        </Drawer>
      )}
      {panel === 'ask' && (
        <Drawer title="Ask this book" onClose={() => setPanel(null)}>
          <Suspense fallback={<Spinner label="Opening…" />}>
            <AskPanel
              book={book}
              onOpen={(answer) => {
                setAsked(answer);
                go({ chapterId: answer.chapterId, quote: answer.quote });
              }}
            />
          </Suspense>
        </Drawer>
      )}
    </div>
  );
}
