/** The reader's side drawers: contents, settings, annotations (with export) and search. */
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { BookDetailResponse } from '../../../sync/api/books';
import type { Annotation } from '../../../sync/collections/annotations';
import { Link } from 'react-router';
import { FONT_SIZE, LINE_HEIGHT, MARGIN } from '../../../sync/preferences';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { Button } from '../../ui';
import { chapterList } from './chapter-list';
import { exportFile, toJson, toMarkdown } from './export-annotations';
import { READER_FONTS, READER_THEMES, type ReaderSettings } from './reader-settings';
import { searchBook, type SearchHit } from './search';
import type { Target } from './types';

/** `fill`: the body gives its whole height to one scrolling child (the virtualised contents) instead of scrolling itself. */
export function Drawer({ title, onClose, children, fill = false }: { title: string; onClose: () => void; children: ReactNode; fill?: boolean }) {
  return (
    <aside className="reader-drawer" role="dialog" aria-label={title} onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <header className="reader-drawer-head">
        <h2>{title}</h2>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label={`Close ${title.toLowerCase()}`} autoFocus>
          ✕
        </Button>
      </header>
      <div className={fill ? 'reader-drawer-body reader-drawer-fill' : 'reader-drawer-body'}>{children}</div>
    </aside>
  );
}

type FontFamily = ReaderSettings['fontFamily'];
const FONT_LABELS: Record<FontFamily, string> = { serif: 'Serif', sans: 'Sans', mono: 'Mono', publisher: "Publisher's" };

/**
 * The font choice as a radio group of cards, each name set in its own font (the publisher's
 * is the book's own, so it says so). Native radios: one tab stop, arrow keys move and choose,
 * the legend names the group; the input covers its card, so a tap anywhere on it chooses.
 */
function FontPicker({ value, onChange }: { value: FontFamily; onChange: (f: FontFamily) => void }) {
  return (
    <fieldset className="reader-fonts">
      <legend>Font</legend>
      {(Object.keys(READER_FONTS) as FontFamily[]).map((f) => (
        <label key={f} className="reader-font-choice" style={{ fontFamily: READER_FONTS[f] }}>
          <input type="radio" name="reader-font" value={f} checked={value === f} onChange={() => onChange(f)} />
          <span className="reader-font-sample" aria-hidden="true">
            Aa
          </span>
          <span className="reader-font-name">{FONT_LABELS[f]}</span>
          {f === 'publisher' && <span className="reader-font-hint">as the book sets it</span>}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Typography and reader theme; also the controls of /theming (`more` links there from the
 * reader). A fixed-layout book's pages keep the publisher's type, so only the rest is offered.
 */
export function SettingsPanel({
  settings,
  onChange,
  more = false,
  fixedLayout = false,
}: {
  settings: ReaderSettings;
  onChange: (p: Partial<ReaderSettings>) => void;
  more?: boolean;
  fixedLayout?: boolean;
}) {
  return (
    <div className="reader-settings">
      {!fixedLayout && (
        <>
          <FontPicker value={settings.fontFamily} onChange={(fontFamily) => onChange({ fontFamily })} />
          <label>
            Size {settings.fontSize}%
            <input
              type="range"
              min={FONT_SIZE.min}
              max={FONT_SIZE.max}
              step={FONT_SIZE.step}
              value={settings.fontSize}
              onChange={(e) => onChange({ fontSize: Number(e.target.value) })}
            />
          </label>
          <label>
            Line height {settings.lineHeight.toFixed(2)}
            <input
              type="range"
              min={LINE_HEIGHT.min}
              max={LINE_HEIGHT.max}
              step={LINE_HEIGHT.step}
              value={settings.lineHeight}
              onChange={(e) => onChange({ lineHeight: Math.round(Number(e.target.value) * 100) / 100 })}
            />
          </label>
          <label>
            Margins {settings.margin} rem
            <input
              type="range"
              min={MARGIN.min}
              max={MARGIN.max}
              step={MARGIN.step}
              value={settings.margin}
              onChange={(e) => onChange({ margin: Number(e.target.value) })}
            />
          </label>
          <label className="reader-check">
            <input type="checkbox" checked={settings.justify} onChange={(e) => onChange({ justify: e.target.checked })} /> Justify text
          </label>
        </>
      )}
      <label className="reader-check">
        <input type="checkbox" checked={settings.pageTurnAnimation} onChange={(e) => onChange({ pageTurnAnimation: e.target.checked })} /> Slide on page turns
      </label>
      <fieldset className="reader-themes">
        <legend>Reader theme</legend>
        {READER_THEMES.map((t) => (
          <label key={t} className={`reader-theme-swatch reader-theme-${t}`}>
            <input type="radio" name="reader-theme" value={t} checked={settings.readerTheme === t} onChange={() => onChange({ readerTheme: t })} />{' '}
            {t[0]!.toUpperCase() + t.slice(1)}
          </label>
        ))}
      </fieldset>
      {more && (
        <Link to="/theming" className="reader-more-link">
          App theme and more options
        </Link>
      )}
    </div>
  );
}

export function AnnotationsPanel({
  book,
  annotations,
  onGo,
  onRemove,
}: {
  book: BookDetailResponse;
  annotations: Annotation[];
  onGo: (t: Target) => void;
  onRemove: (id: string) => void;
}) {
  // A long book's chapter list comes in pages (decision 054): all of it once a note is in a chapter not known yet.
  const list = chapterList(book);
  useSyncExternalStore(list.subscribe, list.getVersion);
  useEffect(() => {
    if (annotations.some((a) => !list.get(a.chapterId))) void list.all().catch(() => undefined);
  }, [list, annotations]);
  const titleOf = (id: string) => list.get(id)?.title ?? '';
  /** The export names and orders notes by chapter: every chapter's title and place, offline as far as they are known. */
  const exportAs = async (name: string, type: string, render: typeof toJson) => {
    const chapters = await list.all().catch(() => book.chapters);
    exportFile(name, type, render({ ...book, chapters }, annotations));
  };
  return (
    <div>
      <div className="reader-export">
        <Button size="sm" variant="secondary" onClick={() => void exportAs(`${book.slug || book.id}-highlights.md`, 'text/markdown', toMarkdown)}>
          Export Markdown
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void exportAs(`${book.slug || book.id}-highlights.json`, 'application/json', toJson)}>
          Export JSON
        </Button>
      </div>
      {annotations.length === 0 && <p className="reader-muted">No bookmarks or highlights yet. Select text to highlight it.</p>}
      <ul className="reader-annotations">
        {annotations.map((a) => (
          <li key={a.id} className={`reader-annotation reader-annotation-${a.colour}`}>
            <button type="button" onClick={() => onGo({ chapterId: a.chapterId, quote: a.quote })}>
              <span className="reader-annotation-kind">
                {a.kind === 'bookmark' ? '🔖 Bookmark' : 'Highlight'} · {titleOf(a.chapterId)}
              </span>
              {/* A bookmark on a picture page (fixed layout) has no words: the page's title says where. */}
              {a.quote.exact && <span className="reader-annotation-text">“{quotedText(a)}”</span>}
              {a.note && <span className="reader-annotation-note">{a.note}</span>}
            </button>
            <Button size="sm" variant="ghost" onClick={() => onRemove(a.id)} aria-label={`Delete ${a.kind}`}>
              Delete
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What a note shows of its passage, whole (the list clamps it): a highlight's selection; a
 * bookmark's page opening, whose stored quote is only its first words, with the text after it.
 * Quote marks at the ends are the book's, and the list adds its own.
 */
function quotedText(a: Annotation): string {
  const text = a.kind === 'bookmark' ? `${a.quote.exact}${a.quote.suffix}…` : a.quote.exact;
  return text.trim().replace(/^["“”‘’']+|["“”‘’']+(?=…?$)/g, '');
}

export function SearchPanel({ book, onGo }: { book: BookDetailResponse; onGo: (t: Target) => void }) {
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Opening Search means typing next (after the drawer focused its close button).
  useEffect(() => input.current?.focus(), []);
  async function run(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setHits(await searchBook(book, query));
    } catch (err) {
      setHits(null);
      // callCached's "not downloaded" is a TypeError, like a fetch that never reached the server.
      const offline = err instanceof TypeError || (err instanceof ApiRequestError && err.isNetwork);
      setError(offline ? "You're offline and this book isn't downloaded: download it to search it without a connection." : errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div>
      <form className="reader-search" onSubmit={(e) => void run(e)} role="search">
        <input
          ref={input}
          type="search"
          aria-label="Search in the book"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search in the book"
        />
        <Button type="submit" size="sm" loading={busy}>
          Search
        </Button>
      </form>
      {error && (
        <p className="reader-error" role="alert">
          {error}
        </p>
      )}
      {hits && (
        <p className="reader-muted" role="status">
          {hits.length === 0 ? 'No matches.' : `${hits.length} match${hits.length === 1 ? '' : 'es'}`}
        </p>
      )}
      <ul className="reader-hits">
        {hits?.map((h, i) => (
          <li key={i}>
            <button type="button" onClick={() => onGo({ chapterId: h.chapterId, quote: h.quote })}>
              <span className="reader-annotation-kind">{h.chapterTitle}</span>
              <span>
                …{h.quote.prefix.slice(-40)}
                <mark>{h.quote.exact}</mark>
                {h.quote.suffix.slice(0, 40)}…
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
