/**
 * Paginated reading: the current chapter laid out in CSS columns (one or two per spread) inside
 * a clipping box; a page turn only changes the container's transform, so it never re-renders
 * or re-lays-out the chapter. The pages themselves are pagination-controller.ts; this view
 * renders the chapter and turns taps, swipes, links and selections into its calls.
 */
import { forwardRef, useImperativeHandle, useRef } from 'react';
import { bookContainerProps, ChapterSection, selectedPassage } from './book-content';
import { turnForSwipe, turnForTap } from './pagination';
import { wantsTurnAnimation } from './reader-settings';
import type { ViewHandle, ViewProps } from './types';
import { usePaginationController } from './use-pagination-controller';

const SWIPE_PX = 50;

export const PaginatedView = forwardRef<ViewHandle, ViewProps>(function PaginatedView(
  { book, settings, initial, highlights, onPosition, onSelect, onCentreTap },
  ref,
) {
  const { controller, state, clipRef, colsRef } = usePaginationController({ book, settings, initial, highlights, onPosition });
  const { chapter, error, columns } = state;
  const { geometry } = controller;

  useImperativeHandle(ref, () => ({ goTo: (t) => controller.goTo(t), next: () => controller.turn(1), prev: () => controller.turn(-1) }), [controller]);

  // Tap zones (outer thirds), swipes, internal links and text selection.
  const down = useRef<{ x: number; y: number } | null>(null);
  function onPointerDown(e: React.PointerEvent) {
    down.current = { x: e.clientX, y: e.clientY };
  }
  /** A finger dragging sideways pulls the page along (the turn's slide then finishes it). */
  function onPointerMove(e: React.PointerEvent) {
    const start = down.current;
    if (!start || e.pointerType !== 'touch' || !clipRef.current || !wantsTurnAnimation(settings)) return;
    const dx = e.clientX - start.x;
    clipRef.current.style.translate = Math.abs(dx) > Math.abs(e.clientY - start.y) ? `${dx}px` : '';
  }
  function onPointerUp(e: React.PointerEvent) {
    const start = down.current;
    down.current = null;
    if (clipRef.current) clipRef.current.style.translate = '';
    const sel = clipRef.current ? selectedPassage(clipRef.current) : null;
    if (sel) return onSelect(sel);
    onSelect(null);
    if (!start) return;
    const dx = e.clientX - start.x;
    if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - start.y)) return controller.turn(turnForSwipe(dx, geometry));
    if ((e.target as Element).closest('a, mark')) return;
    const r = clipRef.current!.getBoundingClientRect();
    const delta = turnForTap((e.clientX - r.left) / r.width, geometry);
    if (delta) controller.turn(delta);
    else onCentreTap?.();
  }
  function onClick(e: React.MouseEvent) {
    const link = (e.target as Element).closest<HTMLAnchorElement>('a[data-chapter-id]');
    if (link) {
      e.preventDefault();
      controller.goTo({ chapterId: link.dataset.chapterId!, anchor: link.dataset.anchor, fraction: 0 });
    } else if ((e.target as Element).closest('a[href^="#"]')) e.preventDefault();
  }

  if (error)
    return (
      <p className="reader-error" role="alert">
        {error}
      </p>
    );
  return (
    <div className="reader-page" data-columns={columns} data-writing-mode={book.writingMode}>
      <div
        ref={clipRef}
        className="reader-clip"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          down.current = null;
          if (clipRef.current) clipRef.current.style.translate = '';
        }}
        onClick={onClick}
      >
        <div
          ref={colsRef}
          className="reader-columns"
          // The column box itself runs right to left for RTL books: its direction, not the text's,
          // decides which side the next columns overflow to (the transforms assume the left).
          style={{
            columnCount: columns,
            writingMode: geometry.vertical ? (book.writingMode as 'vertical-rl' | 'vertical-lr') : undefined,
            direction: geometry.reverse ? 'rtl' : undefined,
          }}
          data-testid="reader-columns"
        >
          <div {...bookContainerProps(book)}>{chapter && <ChapterSection key={chapter.id} chapterId={chapter.id} xhtml={chapter.xhtml} />}</div>
        </div>
      </div>
    </div>
  );
});
