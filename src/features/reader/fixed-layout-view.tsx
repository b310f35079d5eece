/**
 * Fixed-layout reading (decision 029): each page drawn at its declared size inside a box of that
 * size, scaled to fit with a transform, one page or two facing pages at a time. No iframe: the
 * pages are sanitised chapters like any other, in the book's scope for its stylesheets, and the
 * page box clips and isolates whatever they position. Turns use the paginated reader's keys,
 * taps and swipes; the position is the page (its chapter id).
 */
import { forwardRef, memo, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { BookDetailResponse } from '../../../sync/api/books';
import { ChapterSection, selectedPassage } from './book-content';
import { applyHighlights, quoteAt } from './chapter-dom';
import { buildSpreads, fixedPages, PAGE_QUOTE, placeSpread, spreadIndexOf, typicalSize, wantsTwoUp, type PlacedSlot } from './fixed-layout';
import { pageGeometry, slideFrom, turnForKey, turnForSwipe, turnForTap } from './pagination';
import { wantsTurnAnimation } from './reader-settings';
import type { ViewHandle, ViewProps } from './types';
import { loadChapter } from './use-book';

const SWIPE_PX = 50;

/** The page's box of the book's scope: `html` rules of the book's CSS land on it. */
function fixedPageProps(book: Pick<BookDetailResponse, 'id' | 'language'>, fixed: boolean) {
  return { className: fixed ? 'quire-book quire-fxl' : 'quire-book', 'data-book': book.id, lang: book.language || undefined };
}

/** A page's box at its declared size, scaled; a reflowable item fills its box and scrolls. */
const FixedPageBox = memo(function FixedPageBox({ book, slot, xhtml }: { book: BookDetailResponse; slot: PlacedSlot; xhtml: string | undefined }) {
  if (!slot.page) return <div className="reader-fxl-slot reader-fxl-blank" style={{ width: slot.width, height: slot.height }} aria-hidden="true" />;
  const { page, scale } = slot;
  const viewport = page.viewport;
  return (
    <div
      className={viewport ? 'reader-fxl-slot' : 'reader-fxl-slot reader-fxl-reflow'}
      style={{ width: slot.width, height: slot.height }}
      data-page={page.number}
      aria-busy={xhtml === undefined}
    >
      <div className="reader-fxl-scale" style={viewport ? { width: viewport.width, height: viewport.height, transform: `scale(${scale})` } : undefined}>
        <div {...fixedPageProps(book, Boolean(viewport))}>{xhtml !== undefined && <ChapterSection chapterId={page.id} xhtml={xhtml} />}</div>
      </div>
    </div>
  );
});

function useAreaSize(ref: React.RefObject<HTMLElement | null>) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const style = getComputedStyle(el);
      const width = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const height = el.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      setSize((old) => (old && old.width === width && old.height === height ? old : { width: Math.max(1, width), height: Math.max(1, height) }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

export const FixedLayoutView = forwardRef<ViewHandle, ViewProps>(function FixedLayoutView(
  { book, settings, initial, highlights, onPosition, onSelect, onCentreTap },
  ref,
) {
  const pages = useMemo(() => fixedPages(book), [book]);
  const geometry = useMemo(() => pageGeometry('horizontal-tb', book.direction), [book.direction]);
  const areaRef = useRef<HTMLDivElement>(null);
  const spreadRef = useRef<HTMLDivElement>(null);
  const area = useAreaSize(areaRef);
  const twoUp = area ? wantsTwoUp(book.spread, area, typicalSize(pages)) : false;
  const spreads = useMemo(() => buildSpreads(pages, geometry.progression, twoUp), [pages, geometry, twoUp]);
  // The page the reader went to: the spread shown is the one holding it, whatever the screen.
  const [anchor, setAnchor] = useState(() => (pages.some((p) => p.id === initial.chapterId) ? initial.chapterId : (pages[0]?.id ?? '')));
  const index = spreadIndexOf(spreads, anchor);
  const spread = spreads[index];
  const [xhtml, setXhtml] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const slide = useRef<1 | -1 | 0>(0);
  // Read when a turn is shown (for its slide): a settings change is no reason to report the page again.
  const settingsRef = useRef(settings);
  settingsRef.current = settings;

  // The spread's pages, then its neighbours', so a turn shows a page already loaded.
  useEffect(() => {
    if (!spread) return;
    const shown = spread.pages.map((p) => p.id);
    const near = [spreads[index + 1], spreads[index - 1]].flatMap((s) => s?.pages.map((p) => p.id) ?? []);
    for (const id of [...shown, ...near]) {
      loadChapter(book, id).then(
        (chapter) => setXhtml((old) => (old[id] === undefined ? { ...old, [id]: chapter.xhtml } : old)),
        (err: Error) => {
          if (shown.includes(id)) setError(err.message);
        },
      );
    }
  }, [book, spreads, spread, index]);

  const ready = spread !== undefined && spread.pages.every((p) => xhtml[p.id] !== undefined);

  const turn = useCallback(
    (delta: 1 | -1) => {
      const next = spreads[index + delta];
      if (!next) return;
      slide.current = delta;
      setAnchor(next.pages[0]!.id);
    },
    [spreads, index],
  );
  const goTo = useCallback(
    (chapterId: string) => {
      if (pages.some((p) => p.id === chapterId)) setAnchor(chapterId);
    },
    [pages],
  );
  useImperativeHandle(ref, () => ({ goTo: (t) => goTo(t.chapterId), next: () => turn(1), prev: () => turn(-1) }), [goTo, turn]);

  // Shown: highlights painted, the turn's slide played, the page reported as the position.
  useLayoutEffect(() => {
    if (!ready) return;
    for (const sec of areaRef.current?.querySelectorAll<HTMLElement>('section.reader-chapter') ?? []) {
      applyHighlights(
        sec,
        highlights.filter((h) => h.chapterId === sec.dataset.chapterId),
      );
    }
  }, [ready, spread, highlights]);
  useLayoutEffect(() => {
    if (!ready) return;
    const delta = slide.current;
    slide.current = 0;
    if (delta && wantsTurnAnimation(settingsRef.current))
      spreadRef.current?.animate(
        [
          { transform: `translateX(${slideFrom(delta, geometry)}px)`, opacity: 0.35 },
          { transform: 'none', opacity: 1 },
        ],
        {
          duration: 180,
          easing: 'ease-out',
        },
      );
    const sec = areaRef.current?.querySelector<HTMLElement>(`section.reader-chapter[data-chapter-id="${CSS.escape(anchor)}"]`);
    // The page's first words name it in bookmarks; a picture page has none.
    const quote = sec && (sec.textContent ?? '').trim() ? quoteAt(sec, 0) : PAGE_QUOTE;
    onPosition({ chapterId: anchor, quote, chapterFraction: 0 });
  }, [ready, anchor, spread, onPosition, geometry]);

  // Keys: arrows, PageUp/PageDown, space; ← turns forward in right-to-left books. Listened for
  // from the commit that shows the pages (see use-pagination-controller.ts).
  const turnRef = useRef(turn);
  turnRef.current = turn;
  useLayoutEffect(() => {
    function onKey(e: KeyboardEvent) {
      const t = e.target as HTMLElement | null;
      if (t?.closest('input, textarea, select, dialog, [role="dialog"], .reader-drawer') || e.metaKey || e.ctrlKey || e.altKey) return;
      const delta = turnForKey(e.key, e.shiftKey, geometry);
      if (!delta) return;
      e.preventDefault();
      turnRef.current(delta);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [geometry]);

  const down = useRef<{ x: number; y: number } | null>(null);
  function onPointerUp(e: React.PointerEvent) {
    const start = down.current;
    down.current = null;
    const sel = areaRef.current ? selectedPassage(areaRef.current) : null;
    if (sel) return onSelect(sel);
    onSelect(null);
    if (!start) return;
    const dx = e.clientX - start.x;
    if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - start.y)) return turn(turnForSwipe(dx, geometry));
    if ((e.target as Element).closest('a, mark')) return;
    const r = areaRef.current!.getBoundingClientRect();
    const delta = turnForTap((e.clientX - r.left) / r.width, geometry);
    if (delta) turn(delta);
    else onCentreTap?.();
  }
  function onClick(e: React.MouseEvent) {
    const link = (e.target as Element).closest<HTMLAnchorElement>('a[data-chapter-id]');
    if (link) {
      e.preventDefault();
      goTo(link.dataset.chapterId!);
    } else if ((e.target as Element).closest('a[href^="#"]')) e.preventDefault();
  }

  if (error)
    return (
      <p className="reader-error" role="alert">
        {error}
      </p>
    );
  const slots = area && spread ? placeSpread(spread, area, twoUp, geometry.progression) : [];
  return (
    <div
      ref={areaRef}
      className="reader-fxl"
      data-testid="reader-fxl"
      data-two-up={twoUp}
      data-pages={spread?.pages.map((p) => p.number).join(' ')}
      aria-busy={!ready}
      onPointerDown={(e) => (down.current = { x: e.clientX, y: e.clientY })}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (down.current = null)}
      onClick={onClick}
    >
      <div ref={spreadRef} className="reader-fxl-spread" data-progression={geometry.progression}>
        {slots.map((slot, i) => (
          <FixedPageBox key={slot.page?.id ?? `blank-${i}`} book={book} slot={slot} xhtml={slot.page ? xhtml[slot.page.id] : undefined} />
        ))}
      </div>
    </div>
  );
});
