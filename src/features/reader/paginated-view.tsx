/**
 * Paginated reading: the current chapter laid out in CSS columns (one or two per spread) inside
 * a clipping box; a page turn only changes the container's transform, so it never re-renders
 * or re-lays-out the chapter. Crossing a chapter's end loads the neighbour.
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { applyHighlights, caretAt, findAnchor, offsetOf, quoteAt, rangeFor, resolveRange } from './chapter-dom';
import { bookContainerProps, ChapterSection, selectionIn } from './book-content';
import { chapterFraction, columnsFor, pageGeometry, slideFrom, spreadAt, spreadCount, spreadForFraction, spreadTransform, turnForKey, turnForSwipe, turnForTap } from './pagination';
import { wantsTurnAnimation } from './reader-settings';
import { createQuote } from './text-quote';
import type { Target, ViewHandle, ViewProps } from './types';
import { loadChapter, prefetchNeighbours } from './use-book';

const SWIPE_PX = 50;

/** The first character's box: a collapsed caret after a soft wrap may report the previous line. */
function firstRect(range: Range): DOMRect | undefined {
  const first = range.cloneRange();
  if (first.startContainer.nodeType === Node.TEXT_NODE && first.startOffset < (first.startContainer as Text).length) first.setEnd(first.startContainer, first.startOffset + 1);
  return [...first.getClientRects(), ...range.getClientRects()].find((r) => r.width > 0 || r.height > 0);
}

/** Move an offset forward to the first character whose box is inside `box` (the visible page). */
function firstVisibleOffset(sec: HTMLElement, offset: number, box: DOMRect): number {
  const text = sec.textContent ?? '';
  for (let at = offset, tries = 0; at < text.length && tries < 400; at++, tries++) {
    if (/\s/.test(text[at]!)) continue;
    const range = rangeFor(sec, at, at + 1);
    const r = range?.getClientRects()[0];
    if (r && r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.top <= box.bottom) return at;
  }
  return offset;
}

export const PaginatedView = forwardRef<ViewHandle, ViewProps>(function PaginatedView({ book, settings, initial, highlights, onPosition, onSelect }, ref) {
  const clipRef = useRef<HTMLDivElement>(null);
  const colsRef = useRef<HTMLDivElement>(null);
  const [chapter, setChapter] = useState<{ id: string; xhtml: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [columns, setColumns] = useState<1 | 2>(1);
  const target = useRef<Target | null>(initial);
  const layout = useRef({ spread: 0, count: 1, width: 0, gap: 0 });
  const lastQuote = useRef<Target | null>(null);
  const readable = book.chapters.filter((c) => c.readable);
  const geometry = pageGeometry(book.writingMode, book.direction);
  const vertical = geometry.vertical;
  /** A turn asked for the slide: the next show() plays it (also after loading the next chapter). */
  const slide = useRef<1 | -1 | 0>(0);
  const current = useRef(settings);
  current.current = settings;

  const open = useCallback(
    (t: Target) => {
      if (chapter?.id === t.chapterId) {
        target.current = t;
        place();
        return;
      }
      loadChapter(book, t.chapterId).then(
        (ch) => {
          target.current = t;
          setChapter({ id: ch.id, xhtml: ch.xhtml });
          prefetchNeighbours(book, ch.id);
        },
        (err: Error) => setError(err.message),
      );
    },
    [book.id, chapter?.id], // eslint-disable-line react-hooks/exhaustive-deps
  );

  function section(): HTMLElement | null {
    return colsRef.current?.querySelector<HTMLElement>('section.reader-chapter') ?? null;
  }

  /** Measure the columns and show the spread the pending target (or the last position) is on. */
  function place() {
    const clip = clipRef.current;
    const cols = colsRef.current;
    const sec = section();
    if (!clip || !cols || !sec) return;
    // A page is the clip's width, or its height for vertical books (columns stack downwards).
    const width = vertical ? clip.clientHeight : clip.clientWidth;
    const gap = parseFloat(getComputedStyle(cols).columnGap) || 0;
    const count = spreadCount(vertical ? cols.scrollHeight : cols.scrollWidth, width, gap);
    layout.current = { ...layout.current, width, gap, count };
    const t = target.current ?? lastQuote.current;
    target.current = null;
    let spread = Math.min(layout.current.spread, count - 1);
    if (t) {
      const el = t.anchor ? findAnchor(sec, t.anchor) : null;
      const range = !el && t.quote ? resolveRange(sec, t.quote) : null;
      // The quote's first line decides: a quote may run on to the next page.
      const rect = el?.getBoundingClientRect() ?? (range ? firstRect(range) : undefined);
      const origin = cols.getBoundingClientRect();
      const offset = vertical ? rect && rect.top - origin.top : rect && (geometry.reverse ? origin.right - rect.right : rect.left - origin.left);
      if (rect && offset !== undefined && (rect.width > 0 || rect.height > 0)) spread = spreadAt(offset, width, gap, count);
      else spread = spreadForFraction(t.fraction ?? 0, count);
    }
    show(spread, t?.quote && !t.anchor ? t : undefined);
  }

  function show(spread: number, at?: Target) {
    const cols = colsRef.current;
    if (!cols) return;
    const { width, gap, count } = layout.current;
    layout.current.spread = spread;
    cols.style.transform = spreadTransform(spread, width, gap, geometry);
    cols.dataset.spread = String(spread);
    cols.dataset.spreads = String(count);
    const delta = slide.current;
    slide.current = 0;
    // The page is already in place; the slide is only a compositor animation on top, so a turn
    // starts as fast with it as without.
    // Asked at each turn: reduced motion may be switched on while the book is open.
    if (delta && wantsTurnAnimation(current.current)) clipRef.current?.animate([{ transform: `translateX(${slideFrom(delta, geometry)}px)`, opacity: 0.35 }, { transform: 'none', opacity: 1 }], { duration: 180, easing: 'ease-out' });
    report(at);
  }

  /**
   * The position is the first words on the spread: a caret at the page's top start corner.
   * After a jump to a quote, that quote is kept, so switching views back and forth never drifts.
   */
  function report(at?: Target) {
    const clip = clipRef.current;
    const sec = section();
    if (!clip || !sec || !chapter) return;
    const r = clip.getBoundingClientRect();
    const fraction = chapterFraction(layout.current.spread, layout.current.count);
    let quote = at?.quote;
    if (!quote) {
      // Hit-testing the very top of a column can land on the previous column's last line.
      const caret = caretAt(geometry.progression === 'rtl' || geometry.reverse ? r.right - 8 : r.left + 8, r.top + 8);
      const guess = caret && sec.contains(caret.node) ? offsetOf(sec, caret.node, caret.offset) : Math.floor((sec.textContent?.length ?? 0) * fraction);
      quote = quoteAt(sec, firstVisibleOffset(sec, guess, r));
    }
    lastQuote.current = { chapterId: chapter.id, quote };
    onPosition({ chapterId: chapter.id, quote, chapterFraction: fraction });
  }

  const turn = useCallback(
    (delta: 1 | -1) => {
      const { spread, count } = layout.current;
      if (!chapter) return;
      slide.current = delta;
      if (spread + delta >= 0 && spread + delta < count) return show(spread + delta);
      const i = readable.findIndex((c) => c.id === chapter.id) + delta;
      if (i >= 0 && i < readable.length) open({ chapterId: readable[i]!.id, fraction: delta > 0 ? 0 : 1 });
      else slide.current = 0;
    },
    [chapter, open], // eslint-disable-line react-hooks/exhaustive-deps
  );

  useImperativeHandle(ref, () => ({ goTo: open, next: () => turn(1), prev: () => turn(-1) }), [open, turn]);

  // First chapter.
  useEffect(() => {
    open(initial);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // Re-measure on a new chapter, changed settings or a resize; the last position stays in view.
  useLayoutEffect(() => {
    const sec = section();
    if (sec && chapter) applyHighlights(sec, highlights.filter((h) => h.chapterId === chapter.id));
    place();
  }, [chapter, settings, columns, highlights]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const clip = clipRef.current;
    if (!clip) return;
    const observer = new ResizeObserver(() => {
      setColumns(columnsFor(clip.parentElement?.clientWidth ?? clip.clientWidth, vertical));
      if (lastQuote.current) target.current = lastQuote.current;
      place();
    });
    observer.observe(clip);
    return () => observer.disconnect();
  }, [chapter]); // eslint-disable-line react-hooks/exhaustive-deps

  // Keys: arrows, PageUp/PageDown, space. Right-to-left and vertical-rl books turn forward with ←.
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      const t = e.target as HTMLElement | null;
      if (t?.closest('input, textarea, select, dialog, [role="dialog"], .reader-drawer') || e.metaKey || e.ctrlKey || e.altKey) return;
      const delta = turnForKey(e.key, e.shiftKey, geometry);
      if (!delta) return;
      e.preventDefault();
      turn(delta);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [turn, book.writingMode, book.direction]); // eslint-disable-line react-hooks/exhaustive-deps

  // Tap zones (outer thirds), swipes, internal links and text selection.
  const down = useRef<{ x: number; y: number } | null>(null);
  function onPointerDown(e: React.PointerEvent) {
    down.current = { x: e.clientX, y: e.clientY };
  }
  function onPointerUp(e: React.PointerEvent) {
    const start = down.current;
    down.current = null;
    const sel = clipRef.current ? selectionIn(clipRef.current) : null;
    if (sel) {
      const text = sel.section.textContent ?? '';
      const s = offsetOf(sel.section, sel.range.startContainer, sel.range.startOffset);
      const end = offsetOf(sel.section, sel.range.endContainer, sel.range.endOffset);
      onSelect({ chapterId: sel.section.dataset.chapterId!, quote: createQuote(text, s, end), rect: sel.range.getBoundingClientRect() });
      return;
    }
    onSelect(null);
    if (!start) return;
    const dx = e.clientX - start.x;
    if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - start.y)) return turn(turnForSwipe(dx, geometry));
    if ((e.target as Element).closest('a, mark')) return;
    const r = clipRef.current!.getBoundingClientRect();
    const delta = turnForTap((e.clientX - r.left) / r.width, geometry);
    if (delta) turn(delta);
  }
  function onClick(e: React.MouseEvent) {
    const link = (e.target as Element).closest<HTMLAnchorElement>('a[data-chapter-id]');
    if (link) {
      e.preventDefault();
      open({ chapterId: link.dataset.chapterId!, anchor: link.dataset.anchor, fraction: 0 });
    } else if ((e.target as Element).closest('a[href^="#"]')) e.preventDefault();
  }

  if (error) return <p className="reader-error" role="alert">{error}</p>;
  return (
    <div className="reader-page" data-columns={columns} data-writing-mode={book.writingMode}>
      <div ref={clipRef} className="reader-clip" onPointerDown={onPointerDown} onPointerUp={onPointerUp} onClick={onClick}>
        <div ref={colsRef} className="reader-columns" style={{ columnCount: columns, writingMode: vertical ? (book.writingMode as 'vertical-rl' | 'vertical-lr') : undefined }} data-testid="reader-columns">
          <div {...bookContainerProps(book)}>{chapter && <ChapterSection key={chapter.id} chapterId={chapter.id} xhtml={chapter.xhtml} />}</div>
        </div>
      </div>
    </div>
  );
});
