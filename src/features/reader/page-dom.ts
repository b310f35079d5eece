/**
 * The paginated reader's DOM, as the pagination controller sees it: measuring the chapter's
 * columns inside the clipping box, locating anchors and quotes, moving the columns and reading
 * the first words on a page. Elements are read at each call, so an unmounted view measures nothing.
 */
import type { RefObject } from 'react';
import { findAnchor, quoteAt, rangeFor, resolveRange } from './chapter-dom';
import { firstOffsetOnPage, type PageGeometry } from './pagination';
import type { PageDom } from './pagination-controller';

/** The first character's box: a collapsed caret after a soft wrap may report the previous line. */
function firstRect(range: Range): DOMRect | undefined {
  const first = range.cloneRange();
  if (first.startContainer.nodeType === Node.TEXT_NODE && first.startOffset < (first.startContainer as Text).length)
    first.setEnd(first.startContainer, first.startOffset + 1);
  return [...first.getClientRects(), ...range.getClientRects()].find((r) => r.width > 0 || r.height > 0);
}

export function chapterSection(cols: HTMLElement | null): HTMLElement | null {
  return cols?.querySelector<HTMLElement>('section.reader-chapter') ?? null;
}

export function createPageDom(clipRef: RefObject<HTMLElement | null>, colsRef: RefObject<HTMLElement | null>, geometry: PageGeometry): PageDom {
  const { vertical } = geometry;
  return {
    measure() {
      const clip = clipRef.current;
      const cols = colsRef.current;
      const sec = chapterSection(cols);
      if (!clip || !cols || !sec) return null;
      // A page is the clip's width, or its height for vertical books (columns stack downwards).
      return {
        chapterId: sec.dataset.chapterId ?? '',
        extent: vertical ? clip.clientHeight : clip.clientWidth,
        gap: parseFloat(getComputedStyle(cols).columnGap) || 0,
        length: vertical ? cols.scrollHeight : cols.scrollWidth,
      };
    },
    locate(target) {
      const cols = colsRef.current;
      const sec = chapterSection(cols);
      if (!cols || !sec) return undefined;
      const el = target.anchor ? findAnchor(sec, target.anchor) : null;
      const range = !el && target.quote ? resolveRange(sec, target.quote) : null;
      // The quote's first line decides: a quote may run on to the next page.
      const rect = el?.getBoundingClientRect() ?? (range ? firstRect(range) : undefined);
      if (!rect || (rect.width <= 0 && rect.height <= 0)) return undefined;
      const origin = cols.getBoundingClientRect();
      return vertical ? rect.top - origin.top : geometry.reverse ? origin.right - rect.right : rect.left - origin.left;
    },
    show(transform, spread, count) {
      const cols = colsRef.current;
      if (!cols) return;
      cols.style.transform = transform;
      cols.dataset.spread = String(spread);
      cols.dataset.spreads = String(count);
    },
    slide(fromX) {
      clipRef.current?.animate(
        [
          { transform: `translateX(${fromX}px)`, opacity: 0.35 },
          { transform: 'none', opacity: 1 },
        ],
        { duration: 180, easing: 'ease-out' },
      );
    },
    /** The first words on the spread: from the first character laid out on it. */
    quoteInView() {
      const clip = clipRef.current;
      const sec = chapterSection(colsRef.current);
      if (!clip || !sec) return null;
      const page = clip.getBoundingClientRect();
      const boxAt = (at: number) => [...(rangeFor(sec, at, at + 1)?.getClientRects() ?? [])].find((r) => r.width > 0 || r.height > 0);
      return quoteAt(sec, firstOffsetOnPage(sec.textContent ?? '', boxAt, page, geometry));
    },
  };
}
