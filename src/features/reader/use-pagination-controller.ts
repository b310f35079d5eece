/**
 * Wires a PaginationController to the paginated view: one controller per mounted view, its
 * state through useSyncExternalStore, the view's DOM as its PageDom, and the browser events
 * that move it (resizes and page-turn keys).
 */
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { applyHighlights } from './chapter-dom';
import { chapterSection, createPageDom } from './page-dom';
import { columnsFor, pageGeometry, turnForKey } from './pagination';
import { PaginationController } from './pagination-controller';
import { wantsTurnAnimation } from './reader-settings';
import type { ViewProps } from './types';
import { chapterList, prefetchNeighbours } from './chapter-list';
import { loadChapter } from './use-book';

type Options = Pick<ViewProps, 'book' | 'settings' | 'initial' | 'highlights' | 'onPosition'>;

export function usePaginationController({ book, settings, initial, highlights, onPosition }: Options) {
  const clipRef = useRef<HTMLDivElement>(null);
  const colsRef = useRef<HTMLDivElement>(null);
  // The book and the initial target are read once: a view is mounted per book.
  const [controller] = useState(
    () =>
      new PaginationController({
        neighbour: (id, delta) => chapterList(book).neighbour(id, delta),
        geometry: pageGeometry(book.writingMode, book.direction),
        initial,
        load: (id) => loadChapter(book, id),
        prefetch: (id) => prefetchNeighbours(book, id),
      }),
  );
  const state = useSyncExternalStore(controller.subscribe, controller.getState);

  useLayoutEffect(() => controller.attach(createPageDom(clipRef, colsRef, controller.geometry)), [controller]);
  useEffect(() => controller.setTurnAnimation(() => wantsTurnAnimation(settings)), [controller, settings]);
  useEffect(
    () =>
      controller.subscribe((e) => {
        if (e.type === 'position') onPosition(e.position);
      }),
    [controller, onPosition],
  );
  useEffect(() => controller.start(), [controller]);

  // Re-measure on a new chapter, changed settings (they re-flow the text) or column count; the
  // last position stays in view.
  const { chapter, columns } = state;
  useLayoutEffect(() => {
    const sec = chapterSection(colsRef.current);
    if (sec && chapter)
      applyHighlights(
        sec,
        highlights.filter((h) => h.chapterId === chapter.id),
      );
    controller.relayout();
  }, [controller, chapter, columns, settings, highlights]);

  // Observed afresh per chapter: the observer's first call re-places the new chapter once laid out.
  useEffect(() => {
    const clip = clipRef.current;
    if (!clip) return;
    const observer = new ResizeObserver(() => controller.resize(columnsFor(clip.parentElement?.clientWidth ?? clip.clientWidth, controller.geometry.vertical)));
    observer.observe(clip);
    return () => observer.disconnect();
  }, [controller, chapter]);

  // Keys: arrows, PageUp/PageDown, space. Right-to-left and vertical-rl books turn forward with ←.
  // Listening from the commit that shows the pages: a passive effect may run after the browser has
  // already handled a key pressed at once (input outranks it on a busy core), and that turn was lost.
  useLayoutEffect(() => {
    function onKey(e: KeyboardEvent) {
      const t = e.target as HTMLElement | null;
      if (t?.closest('input, textarea, select, dialog, [role="dialog"], .reader-drawer') || e.metaKey || e.ctrlKey || e.altKey) return;
      const delta = turnForKey(e.key, e.shiftKey, controller.geometry);
      if (!delta) return;
      e.preventDefault();
      controller.turn(delta);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [controller]);

  return { controller, state, clipRef, colsRef };
}
