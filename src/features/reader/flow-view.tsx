/**
 * Flow reading: every readable chapter in one continuous scroll. Positions use the same
 * chapter + text-quote anchors as the paginated view, so switching keeps the place.
 *
 * Chapters load as they come near the view, the reader's own chapter first: a long book (Moby-Dick
 * has 135 chapters) would otherwise fetch and lay out all of its text before showing a line. Until
 * then a chapter is an empty placeholder a screen long; when one above the view fills in, the
 * browser's scroll anchoring keeps the line being read where it is.
 *
 * Only a window of chapters is in the page: FLOW_WINDOW either side of the one being read (a
 * 10,000-chapter book would otherwise lay out 10,000 placeholders). The rest are two spacers a
 * placeholder long per chapter; reaching a spacer (dragging the scroll bar) or the window's edge
 * moves the window there (decision 060), and scroll anchoring keeps the view still as it moves.
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChapterResponse } from '../../../sync/api/books';
import { applyHighlights, caretAt, findAnchor, offsetOf, quoteAt, resolveRange } from './chapter-dom';
import { bookContainerProps, ChapterSection, selectedPassage } from './book-content';
import { pageGeometry } from './pagination';
import type { Target, ViewHandle, ViewProps } from './types';
import { loadChapter } from './use-book';
import { chapterList } from './chapter-list';

const NO_IDS: string[] = [];
/** Chapters rendered either side of the one being read; a shorter book is rendered whole. */
export const FLOW_WINDOW = 25;

/** Where a box starts and ends along the reading (block) direction, growing as the book goes on. */
function blockSpan(rect: DOMRect, writingMode: string): [number, number] {
  if (writingMode === 'vertical-rl') return [-rect.right, -rect.left];
  if (writingMode === 'vertical-lr') return [rect.left, rect.right];
  return [rect.top, rect.bottom];
}

export const FlowView = forwardRef<ViewHandle, ViewProps>(function FlowView({ book, settings, initial, highlights, onPosition, onSelect }, ref) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // A long book's chapters beyond its window come from its chapter list, in pages (decision 054).
  const [listed, setListed] = useState<{ book: ViewProps['book']; ids: string[] } | null>(null);
  const ids = useMemo(
    () => (chapterList(book).complete ? book.chapters.filter((c) => c.readable).map((c) => c.id) : listed?.book === book ? listed.ids : NO_IDS),
    [book, listed],
  );
  const [loaded, setLoaded] = useState<ReadonlyMap<string, ChapterResponse>>(new Map());
  // The chapter the window is centred on, by position among `ids`.
  const [center, setCenter] = useState(0);
  const lo = Math.max(0, Math.min(center, ids.length - 1) - FLOW_WINDOW);
  const hi = Math.min(ids.length, lo + 2 * FLOW_WINDOW + 1);
  const beforeRef = useRef<HTMLDivElement>(null);
  const afterRef = useRef<HTMLDivElement>(null);
  const requested = useRef(new Set<string>());
  const shown = useRef(0);
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<Target | null>(initial);
  const last = useRef<Target | null>(null);
  // Vertical books scroll sideways: vertical-rl starts at the right edge and reads leftwards.
  const geometry = pageGeometry(book.writingMode, book.direction);
  const vertical = geometry.vertical;
  const leftwards = book.writingMode === 'vertical-rl';

  const request = useCallback(
    (id: string) => {
      if (requested.current.has(id)) return;
      requested.current.add(id);
      loadChapter(book, id).then(
        (ch) => {
          shown.current++;
          setLoaded((m) => new Map(m).set(id, ch));
        },
        (err: Error) => {
          // Asked again when its placeholder next comes near; a failure before anything shows, or of the chapter being opened, says why.
          requested.current.delete(id);
          if (shown.current === 0 || pending.current?.chapterId === id) setError(err.message);
        },
      );
    },
    [book],
  );

  useEffect(() => {
    const list = chapterList(book);
    if (list.complete) return;
    let live = true;
    list.readableIds().then(
      (all) => live && setListed({ book, ids: all }),
      (err: Error) => live && setError(err.message),
    );
    return () => {
      live = false;
    };
  }, [book]);

  // The reader's chapter and its neighbours first; the rest as they come near the view.
  useEffect(() => {
    requested.current = new Set();
    shown.current = 0;
    setLoaded(new Map());
    const start = Math.max(0, ids.indexOf(pending.current?.chapterId ?? ''));
    setCenter(start);
    for (const i of [start, start + 1, start - 1]) if (ids[i]) request(ids[i]);
  }, [ids, request]);

  useEffect(() => {
    const root = scrollRef.current;
    if (!root) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) if (e.isIntersecting) request((e.target as HTMLElement).dataset.chapterId!);
      },
      { root, rootMargin: vertical ? '0px 100%' : '100% 0px' },
    );
    for (const el of root.querySelectorAll<HTMLElement>('.reader-chapter-placeholder')) observer.observe(el);
    return () => observer.disconnect();
  }, [loaded, request, vertical, lo, hi]);

  /** Moves the window to where the view is: into a spacer, or near the window's edge. */
  function follow() {
    const root = scrollRef.current;
    // While a place is being opened the window is already there (and the view on its way).
    if (!root || ids.length <= 2 * FLOW_WINDOW + 1 || pending.current) return;
    const mode = book.writingMode;
    const [viewStart, viewEnd] = blockSpan(root.getBoundingClientRect(), mode);
    const unit = 0.9 * (vertical ? window.innerWidth : window.innerHeight);
    const before = beforeRef.current && blockSpan(beforeRef.current.getBoundingClientRect(), mode);
    const after = afterRef.current && blockSpan(afterRef.current.getBoundingClientRect(), mode);
    let at: number | null = null;
    if (before && lo > 0 && before[1] > viewStart) at = Math.max(0, lo - Math.ceil((before[1] - viewStart) / unit));
    else if (after && hi < ids.length && after[0] < viewEnd) at = Math.min(ids.length - 1, hi + Math.max(0, Math.floor((viewStart - after[0]) / unit)));
    else {
      const shown = root.querySelectorAll<HTMLElement>('section.reader-chapter[data-chapter-id], .reader-chapter-placeholder');
      const i = [...shown].findIndex((el) => blockSpan(el.getBoundingClientRect(), mode)[1] > viewStart);
      if (i >= 0 && ((lo > 0 && i < FLOW_WINDOW / 2) || (hi < ids.length && hi - (lo + i) < FLOW_WINDOW / 2))) at = lo + i;
    }
    if (at !== null && at !== center) setCenter(at);
  }

  function sectionOf(id: string) {
    return scrollRef.current?.querySelector<HTMLElement>(`section.reader-chapter[data-chapter-id="${CSS.escape(id)}"]`) ?? null;
  }

  function goTo(t: Target) {
    const scroller = scrollRef.current;
    const sec = sectionOf(t.chapterId);
    const index = ids.indexOf(t.chapterId);
    if (index >= 0 && (index < lo || index >= hi)) setCenter(index);
    if (!sec) {
      // Not loaded yet: go there once it is.
      pending.current = t;
      request(t.chapterId);
      return;
    }
    if (!scroller) return;
    const el = (t.anchor ? findAnchor(sec, t.anchor) : null) ?? (t.quote ? resolveRange(sec, t.quote) : null);
    const box = scroller.getBoundingClientRect();
    const rect = el?.getBoundingClientRect();
    const secRect = sec.getBoundingClientRect();
    if (!vertical) {
      const y = rect && rect.height > 0 ? rect.top : secRect.top + secRect.height * (t.fraction ?? 0);
      scroller.scrollTop += y - box.top - 8;
    } else if (leftwards) {
      const x = rect && rect.width > 0 ? rect.right : secRect.right - secRect.width * (t.fraction ?? 0);
      scroller.scrollLeft += x - box.right + 32;
    } else {
      const x = rect && rect.width > 0 ? rect.left : secRect.left + secRect.width * (t.fraction ?? 0);
      scroller.scrollLeft += x - box.left - 8;
    }
    // Our own scroll is not the reader moving: keep the target's quote (lines wrap differently here).
    userScrolled.current = false;
    report(t.quote && !t.anchor ? t : undefined);
  }

  function report(at?: Target) {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const r = scroller.getBoundingClientRect();
    // The first line in view: the top middle, or for vertical books the start edge near the top.
    const caret = vertical
      ? (caretAt(leftwards ? r.right - 24 : r.left + 24, r.top + 40) ?? caretAt(leftwards ? r.right - 48 : r.left + 48, r.top + 40))
      : (caretAt(r.left + r.width / 2, r.top + 16) ?? caretAt(r.left + 40, r.top + 16));
    const node = caret?.node;
    const sec = (node instanceof Element ? node : node?.parentElement)?.closest<HTMLElement>('section.reader-chapter');
    if (!sec || !caret) return;
    const secRect = sec.getBoundingClientRect();
    const read = vertical
      ? (leftwards ? secRect.right - r.right : r.left - secRect.left) / Math.max(1, secRect.width)
      : (r.top - secRect.top) / Math.max(1, secRect.height);
    const fraction = Math.min(1, Math.max(0, read));
    const quote = at?.quote && at.chapterId === sec.dataset.chapterId ? at.quote : quoteAt(sec, offsetOf(sec, caret.node, caret.offset));
    last.current = { chapterId: sec.dataset.chapterId!, quote };
    onPosition({ chapterId: sec.dataset.chapterId!, quote, chapterFraction: fraction });
  }

  useImperativeHandle(ref, () => ({
    goTo,
    next: () => (markUser(), scrollBy(1)),
    prev: () => (markUser(), scrollBy(-1)),
  }));

  useLayoutEffect(() => {
    for (const [id] of loaded) {
      const sec = sectionOf(id);
      if (sec)
        applyHighlights(
          sec,
          highlights.filter((h) => h.chapterId === id),
        );
    }
  }, [loaded, highlights, lo, hi]);

  // A window moved to a place being opened: the view goes to its chapter's placeholder at once.
  useLayoutEffect(() => {
    const root = scrollRef.current;
    const id = pending.current?.chapterId;
    if (!root || !id || sectionOf(id)) return;
    const el = root.querySelector<HTMLElement>(`.reader-chapter-placeholder[data-chapter-id="${CSS.escape(id)}"]`);
    if (!el) return;
    const delta = blockSpan(el.getBoundingClientRect(), book.writingMode)[0] - blockSpan(root.getBoundingClientRect(), book.writingMode)[0];
    if (!vertical) root.scrollTop += delta;
    else root.scrollLeft += leftwards ? -delta : delta;
  }, [lo, hi]); // eslint-disable-line react-hooks/exhaustive-deps

  // The place asked for, once its chapter is in (and in the window).
  useLayoutEffect(() => {
    const t = pending.current;
    if (t && loaded.has(t.chapterId) && sectionOf(t.chapterId)) {
      pending.current = null;
      goTo(t);
    }
  }, [loaded, lo, hi]); // eslint-disable-line react-hooks/exhaustive-deps

  // Marks and settings change the layout: keep the line being read in view.
  useLayoutEffect(() => {
    if (!pending.current && last.current) goTo(last.current);
  }, [highlights, settings]); // eslint-disable-line react-hooks/exhaustive-deps

  /** Most of a screen forward or back, along the book's block direction. */
  function scrollBy(delta: 1 | -1) {
    const el = scrollRef.current;
    if (!el) return;
    if (!vertical) el.scrollBy({ top: delta * el.clientHeight * 0.9 });
    else el.scrollBy({ left: (leftwards ? -delta : delta) * el.clientWidth * 0.9 });
  }
  /** A mouse wheel scrolls a vertical book sideways (there is nothing to scroll up and down). */
  function onWheel(e: React.WheelEvent) {
    markUser();
    if (vertical && Math.abs(e.deltaY) > Math.abs(e.deltaX)) scrollRef.current?.scrollBy({ left: leftwards ? -e.deltaY : e.deltaY });
  }

  const frame = useRef(0);
  // Only the reader's own scrolling moves the position: scroll anchoring and late-loading
  // styles also fire scroll events, and re-deriving the quote from those would drift.
  const userScrolled = useRef(false);
  const markUser = () => (userScrolled.current = true);
  const following = useRef(0);
  function onScroll() {
    cancelAnimationFrame(following.current);
    following.current = requestAnimationFrame(follow);
    if (!userScrolled.current) return;
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => report());
  }
  function onPointerUp() {
    onSelect(scrollRef.current ? selectedPassage(scrollRef.current) : null);
  }
  function onClick(e: React.MouseEvent) {
    const link = (e.target as Element).closest<HTMLAnchorElement>('a[data-chapter-id]');
    if (link) {
      e.preventDefault();
      goTo({ chapterId: link.dataset.chapterId!, anchor: link.dataset.anchor, fraction: 0 });
    }
  }

  if (error)
    return (
      <p className="reader-error" role="alert">
        {error}
      </p>
    );
  return (
    // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
    <div
      ref={scrollRef}
      className="reader-scroll"
      tabIndex={0}
      onScroll={onScroll}
      onWheel={onWheel}
      onTouchMove={markUser}
      onKeyDown={markUser}
      onPointerDown={markUser}
      onPointerUp={onPointerUp}
      onClick={onClick}
      role="region"
      aria-label="Book text"
      data-writing-mode={book.writingMode}
      style={vertical ? { writingMode: book.writingMode as 'vertical-rl' | 'vertical-lr' } : undefined}
    >
      {loaded.size === 0 && (
        <p className="reader-loading" role="status">
          Loading the book…
        </p>
      )}
      <div {...bookContainerProps(book)}>
        {lo > 0 && <div ref={beforeRef} className="reader-chapter-spacer" style={{ blockSize: `calc(${lo} * 90${vertical ? 'vw' : 'vh'})` }} />}
        {ids.slice(lo, hi).map((id) => {
          const ch = loaded.get(id);
          return ch ? (
            <ChapterSection key={id} chapterId={id} xhtml={ch.xhtml} />
          ) : (
            <div key={id} className="reader-chapter-placeholder" data-chapter-id={id} />
          );
        })}
        {hi < ids.length && (
          <div ref={afterRef} className="reader-chapter-spacer" style={{ blockSize: `calc(${ids.length - hi} * 90${vertical ? 'vw' : 'vh'})` }} />
        )}
      </div>
    </div>
  );
});
