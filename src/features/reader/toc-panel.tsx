/**
 * The contents drawer, virtualised (decision 053): only the rows in view are in the DOM, so a
 * 10,000-entry contents opens as fast as a short one. It is an ARIA tree (treeitems carry
 * aria-level, aria-setsize and aria-posinset, so a screen reader still hears "12 of 10,000")
 * with one tab stop: arrow keys, Home/End and Page Up/Down move it, Enter or Space opens the
 * entry. It opens scrolled to the current chapter. A long book's contents are fetched here, on
 * opening (from the download cache when offline); a short book's came with the book.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { getBookToc, type BookDetailResponse } from '../../../sync/api/books';
import type { TocEntry } from '../../../sync/book-format';
import { Notice, Spinner } from '../../ui';
import { bookCacheName, callCached } from '../library/offline-books';
import { chapterRows, currentRowIndex, tocRows, visibleRange, type TocRow } from './toc-rows';
import type { Target } from './types';

/** px; the stylesheet gives .reader-toc-row this height, and titles longer than a row are ellipsised. */
const ROW_HEIGHT = 40;
/** A contents this short is rendered whole (find-in-page sees it all); longer ones are windowed. */
const RENDER_ALL_MAX = 200;

type Book = Pick<BookDetailResponse, 'id' | 'toc' | 'tocSize' | 'chapters'>;

export function TocPanel({ book, currentChapterId, onGo }: { book: Book; currentChapterId?: string; onGo: (t: Target) => void }) {
  const deferred = book.tocSize !== undefined;
  const toc = useQuery({
    queryKey: ['reader-toc', book.id],
    queryFn: () => callCached(getBookToc, { id: book.id }, bookCacheName(book.id)),
    enabled: deferred,
    staleTime: 60_000,
  });
  if (!deferred) return <TocTree entries={book.toc} chapters={book.chapters} currentChapterId={currentChapterId} onGo={onGo} />;
  // Not QueryState: offline without a download, callCached fails with a plain error to show here.
  if (toc.data) return <TocTree entries={toc.data.toc} chapters={book.chapters} currentChapterId={currentChapterId} onGo={onGo} />;
  if (toc.error) return <Notice tone="error">{toc.error.message}</Notice>;
  return <Spinner label="Loading the contents…" />;
}

function TocTree({
  entries,
  chapters,
  currentChapterId,
  onGo,
}: {
  entries: TocEntry[];
  chapters: Book['chapters'];
  currentChapterId?: string;
  onGo: (t: Target) => void;
}) {
  const rows = useMemo(() => (entries.length > 0 ? tocRows(entries) : chapterRows(chapters)), [entries, chapters]);
  const current = useMemo(() => currentRowIndex(rows, currentChapterId), [rows, currentChapterId]);
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ scrollTop: 0, height: 600 });
  const [active, setActive] = useState(Math.max(0, current));
  const focusActive = useRef(false);

  // Open at the current chapter, a third of the way down the list.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const height = el.clientHeight || 600;
    const scrollTop = Math.max(0, current * ROW_HEIGHT - height / 3);
    el.scrollTop = scrollTop;
    setView({ scrollTop: el.scrollTop, height });
    // Once, on opening: later moves of the reader's position do not scroll the list from under the reader.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows]);

  // A keyboard move focuses its row once that row is rendered.
  useEffect(() => {
    if (!focusActive.current) return;
    focusActive.current = false;
    scroller.current?.querySelector<HTMLElement>(`[data-row="${active}"]`)?.focus();
  }, [active, view]);

  const { start, end } = visibleRange({ ...view, rowHeight: ROW_HEIGHT, count: rows.length }, rows.length <= RENDER_ALL_MAX ? rows.length : undefined);
  const perPage = Math.max(1, Math.floor(view.height / ROW_HEIGHT) - 1);

  function moveTo(i: number) {
    const el = scroller.current;
    const next = Math.min(rows.length - 1, Math.max(0, i));
    if (el) {
      // Scroll just enough to show the row, as a native list would.
      const top = next * ROW_HEIGHT;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_HEIGHT - el.clientHeight;
      setView({ scrollTop: el.scrollTop, height: el.clientHeight });
    }
    focusActive.current = true;
    setActive(next);
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      Home: 0,
      End: rows.length - 1,
      PageDown: active + perPage,
      PageUp: active - perPage,
    };
    if (e.key in moves) {
      e.preventDefault();
      moveTo(moves[e.key]!);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open(rows[active]);
    }
  }

  const open = (row: TocRow | undefined) => row && onGo({ chapterId: row.chapterId, anchor: row.anchor, fraction: 0 });

  if (rows.length === 0) return <p>This book has no contents.</p>;
  return (
    <div
      ref={scroller}
      className="reader-toc-scroller"
      onScroll={(e) => setView({ scrollTop: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })}
    >
      <div role="tree" aria-label="Contents" className="reader-toc-tree" style={{ height: rows.length * ROW_HEIGHT }} onKeyDown={onKeyDown}>
        {rows.slice(start, end + 1).map((row, k) => {
          const i = start + k;
          return (
            <div
              key={i}
              role="treeitem"
              data-row={i}
              className="reader-toc-row"
              aria-level={row.level}
              aria-setsize={row.setSize}
              aria-posinset={row.posInSet}
              aria-selected={i === current}
              aria-current={i === current ? 'location' : undefined}
              tabIndex={i === active ? 0 : -1}
              title={row.title}
              style={{ top: i * ROW_HEIGHT, paddingInlineStart: `${0.6 + (row.level - 1)}rem` }}
              onClick={() => {
                setActive(i);
                open(row);
              }}
              onFocus={() => setActive(i)}
            >
              {row.title}
            </div>
          );
        })}
      </div>
    </div>
  );
}
