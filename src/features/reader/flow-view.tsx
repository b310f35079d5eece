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
 * moves the window there (decision 060, rules in flow-window.ts). The chapter at the reading line
 * is held where it was as the window moves; opening a place moves the window to it first.
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChapterResponse } from '../../../sync/api/books';
import { applyHighlights, caretAt, findAnchor, offsetOf, quoteAt, resolveRange } from './chapter-dom';
import { bookContainerProps, ChapterSection, selectedPassage } from './book-content';
import { pageGeometry } from './pagination';
import type { Target, ViewHandle, ViewProps } from './types';
import { loadChapter } from './use-book';
import { chapterList } from './chapter-list';
import { FLOW_WINDOW, followTo, placeInSpacer, windowAround, type FlowPlace } from './flow-window';

const NO_IDS: string[] = [];

/** Where a box starts and ends along the reading (block) direction, growing as the book goes on. */
function blockSpan(rect: DOMRect, writingMode: string): [number, number] {
  if (writingMode === 'vertical-rl') return [-rect.right, -rect.left];
  if (writingMode === 'vertical-lr') return [rect.left, rect.right];
  return [rect.top, rect.bottom];
}

export const FlowView = forwardRef<ViewHandle, ViewProps>(function FlowView({ book, settings, initial, highlights, onPosition, onSelect }, ref) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // A long book's chapters beyond its window come from its chapter list, in pages (decision 054).
  // Never from `book.chapters` alone once the list is complete: a long book's detail lists only a
  // few chapters around its opening one, and a chapter outside them could not be scrolled to.
  const [listed, setListed] = useState<{ book: ViewProps['book']; ids: string[] } | null>(null);
  const ids = useMemo(() => (listed?.book === book ? listed.ids : (chapterList(book).knownReadableIds() ?? NO_IDS)), [book, listed]);
  const [loaded, setLoaded] = useState<ReadonlyMap<string, ChapterResponse>>(new Map());
  // The chapter the window is centred on, by position among `ids`.
  const [center, setCenter] = useState(0);
  const { lo, hi } = windowAround(center, ids.length);
  const bookRef = useRef<HTMLDivElement>(null);
  const beforeRef = useRef<HTMLDivElement>(null);
  const afterRef = useRef<HTMLDivElement>(null);
  /** The chapter to hold at the reading line as the window moves, and where it starts from the line (px). */
  const anchor = useRef<{ chapterId: string; start: number } | null>(null);
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
    // A refetched book starts again from the reader's place, not from its first chapter.
    if (!pending.current && last.current) pending.current = last.current;
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

  /** Along the reading (block) direction: where the view starts and ends, and an element starts. */
  const viewSpan = (root: HTMLElement) => blockSpan(root.getBoundingClientRect(), book.writingMode);
  const startOf = (el: Element) => blockSpan(el.getBoundingClientRect(), book.writingMode)[0];
  /** Scrolls `delta` px further into the book (leftwards for vertical-rl). */
  function scrollAlong(root: HTMLElement, delta: number) {
    if (!vertical) root.scrollTop += delta;
    else root.scrollLeft += leftwards ? -delta : delta;
  }

  /** The chapter at the reading line (the view's start): in the window, or stood for by a spacer. */
  function placeAtLine(line: number): (FlowPlace & { spacer?: number }) | null {
    const unit = 0.9 * (vertical ? window.innerWidth : window.innerHeight);
    const before = beforeRef.current && blockSpan(beforeRef.current.getBoundingClientRect(), book.writingMode);
    if (before && before[1] > line) return { ...placeInSpacer(0, lo, line - before[0], unit), spacer: unit };
    const after = afterRef.current && startOf(afterRef.current);
    if (after !== null && after <= line) return { ...placeInSpacer(hi, ids.length - hi, line - after, unit), spacer: unit };
    const shown = [...(bookRef.current?.children ?? [])].filter((el): el is HTMLElement => el instanceof HTMLElement && Boolean(el.dataset.chapterId));
    const i = shown.findIndex((el) => blockSpan(el.getBoundingClientRect(), book.writingMode)[1] > line);
    return i < 0 ? null : { index: lo + i, start: startOf(shown[i]!) - line };
  }

  /** Moves the window to where the view is: into a spacer, or near the window's edge. */
  function follow() {
    const root = scrollRef.current;
    // While a place is being opened the window is already there (and the view on its way).
    if (!root || ids.length <= 2 * FLOW_WINDOW + 1 || pending.current) return;
    const [line, end] = viewSpan(root);
    const place = placeAtLine(line);
    if (!place) return;
    const to = followTo(place.index, { lo, hi }, ids.length, afterRef.current !== null && startOf(afterRef.current) < end);
    if (to === null || to === center) return;
    const chapterId = ids[place.index]!;
    if (place.spacer) {
      // Dragged into a spacer: that chapter is opened there, as a jump would (its placeholder would
      // give way to its text under the reading line, and scroll anchoring does not hold across that).
      pending.current = { chapterId, fraction: Math.min(1, Math.max(0, -place.start / place.spacer)) };
      request(chapterId);
    } else anchor.current = { chapterId, start: place.start };
    setCenter(to);
  }
  // Called a frame after a scroll: by then the window may have moved, so the latest render's.
  const latestFollow = useRef(follow);
  useLayoutEffect(() => {
    latestFollow.current = follow;
  });

  function sectionOf(id: string) {
    return scrollRef.current?.querySelector<HTMLElement>(`section.reader-chapter[data-chapter-id="${CSS.escape(id)}"]`) ?? null;
  }
  /** A chapter in the window, loaded (its section) or not (its placeholder). */
  function slotOf(id: string) {
    return [...(bookRef.current?.children ?? [])].find((el): el is HTMLElement => el instanceof HTMLElement && el.dataset.chapterId === id) ?? null;
  }

  function goTo(t: Target) {
    const scroller = scrollRef.current;
    const sec = sectionOf(t.chapterId);
    const index = ids.indexOf(t.chapterId);
    // Outside the window: the window moves there and, once rendered, the view to its placeholder.
    if (index >= 0 && (index < lo || index >= hi)) setCenter(index);
    if (!sec) {
      // Not loaded yet: go there once it is; to its placeholder now if the window has it.
      pending.current = t;
      request(t.chapterId);
      const slot = scroller && slotOf(t.chapterId);
      if (slot) scrollAlong(scroller, startOf(slot) - viewSpan(scroller)[0]);
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

  // The window moved: the chapter at the reading line stays where it was (or, for a place being
  // opened, its chapter comes to the top). Browser scroll anchoring may have done it already (then
  // this moves nothing); it does not always, as chapters leaving the window above the view are a
  // different length from the spacer that replaces them.
  useLayoutEffect(() => {
    const root = scrollRef.current;
    const held = pending.current ? { chapterId: pending.current.chapterId, start: 0 } : anchor.current;
    anchor.current = null;
    const slot = root && held && slotOf(held.chapterId);
    if (!root || !held || !slot) return;
    scrollAlong(root, startOf(slot) - viewSpan(root)[0] - held.start);
    // Chapters shorter than the screen may leave the window's end in view still.
    requestAnimationFrame(() => latestFollow.current());
  }, [lo, hi]); // eslint-disable-line react-hooks/exhaustive-deps

  // The place asked for, once its chapter is in (and in the window).
  useLayoutEffect(() => {
    const t = pending.current;
    if (t && loaded.has(t.chapterId) && sectionOf(t.chapterId)) {
      pending.current = null;
      goTo(t);
    }
  }, [loaded, lo, hi]); // eslint-disable-line react-hooks/exhaustive-deps

  // Marks and settings change the layout: keep the line being read in view. The local database
  // answers its live query of marks again with the same marks (a new array): that changes nothing,
  // and re-placing the view from the reported line moved a chapter's heading, just jumped to, off
  // the top (the line reported is the paragraph under it).
  const marks = useMemo(() => JSON.stringify(highlights), [highlights]);
  useLayoutEffect(() => {
    if (!pending.current && last.current) goTo(last.current);
  }, [marks, settings]); // eslint-disable-line react-hooks/exhaustive-deps

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
    following.current = requestAnimationFrame(() => latestFollow.current());
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
      <div ref={bookRef} {...bookContainerProps(book)}>
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
