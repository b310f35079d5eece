/** Pagination maths of the paginated reader: pure, so it is tested without a browser. */

/** Two pages side by side once each page can still hold a comfortable measure. */
const TWO_PAGE_MIN_WIDTH = 900;
const WORDS_PER_MINUTE = 250;

export function columnsFor(width: number, writingVertical = false): 1 | 2 {
  return !writingVertical && width >= TWO_PAGE_MIN_WIDTH ? 2 : 1;
}

/** Distance from one spread to the next: the content width plus one column gap. */
function spreadStride(contentWidth: number, gap: number): number {
  return contentWidth + gap;
}

/** Spreads needed for content `scrollWidth` wide. */
export function spreadCount(scrollWidth: number, contentWidth: number, gap: number): number {
  if (contentWidth <= 0) return 1;
  return Math.max(1, Math.ceil((scrollWidth + gap) / spreadStride(contentWidth, gap) - 0.01));
}

/** The spread that shows a point `offset` px from the start of the column container. */
export function spreadAt(offset: number, contentWidth: number, gap: number, count: number): number {
  const spread = Math.floor(Math.max(0, offset) / spreadStride(contentWidth, gap));
  return clamp(spread, 0, count - 1);
}

/** CSS translate for a spread; right-to-left books move the other way. */
export function translateFor(spread: number, contentWidth: number, gap: number, rtl: boolean): number {
  const x = spread * spreadStride(contentWidth, gap);
  return rtl ? x : -x;
}

export function chapterFraction(spread: number, count: number): number {
  return count <= 1 ? 0 : clamp(spread / (count - 1), 0, 1);
}

export function spreadForFraction(fraction: number, count: number): number {
  return clamp(Math.round(fraction * (count - 1)), 0, count - 1);
}

/** Fraction of the whole book read, by words: finished chapters plus the part of this one. */
export function bookProgress(wordCounts: number[], chapterIndex: number, fraction: number): number {
  const total = wordCounts.reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  const before = wordCounts.slice(0, chapterIndex).reduce((a, b) => a + b, 0);
  return clamp((before + (wordCounts[chapterIndex] ?? 0) * fraction) / total, 0, 1);
}

export function minutesLeft(words: number, fraction: number): number {
  return Math.max(0, Math.ceil((words * (1 - fraction)) / WORDS_PER_MINUTE));
}

export function progressLabel(progress: number, minutes: number): string {
  return `${Math.round(progress * 100)}% · ${minutes} min left in chapter`;
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

/**
 * How a book's pages are laid out and turned. Horizontal books: columns side by side, pages
 * advance along x. Vertical books: the column box itself is vertical, so CSS columns stack in
 * its inline direction (top to bottom) and pages advance along y, each page one full column of
 * right-to-left (vertical-rl) lines. `progression` is the reading direction of page turns:
 * right-to-left for RTL books and vertical-rl, so ← (and a tap on the left) goes forward.
 */
export interface PageGeometry {
  axis: 'x' | 'y';
  /** Content moves the other way along the axis (RTL columns run leftwards). */
  reverse: boolean;
  progression: 'ltr' | 'rtl';
  vertical: boolean;
}

export function pageGeometry(writingMode: string, direction: string): PageGeometry {
  const vertical = writingMode === 'vertical-rl' || writingMode === 'vertical-lr';
  if (vertical) return { axis: 'y', reverse: false, progression: writingMode === 'vertical-rl' ? 'rtl' : 'ltr', vertical };
  const rtl = direction === 'rtl';
  return { axis: 'x', reverse: rtl, progression: rtl ? 'rtl' : 'ltr', vertical };
}

/** The container's transform for a spread. */
export function spreadTransform(spread: number, extent: number, gap: number, g: PageGeometry): string {
  const d = translateFor(spread, extent, gap, g.reverse);
  return g.axis === 'x' ? `translateX(${d}px)` : `translateY(${d}px)`;
}

/** Page turn for a key: 1 forward, -1 back, 0 not a turn key. */
export function turnForKey(key: string, shift: boolean, g: PageGeometry): 1 | -1 | 0 {
  if (key === 'PageDown' || (key === ' ' && !shift)) return 1;
  if (key === 'PageUp' || (key === ' ' && shift)) return -1;
  const [forward, back] = g.progression === 'rtl' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
  if (key === forward || (g.vertical && key === 'ArrowDown')) return 1;
  if (key === back || (g.vertical && key === 'ArrowUp')) return -1;
  return 0;
}

/** Page turn for a tap at `x` (0–1 across the page): the outer thirds, mirrored for RTL. */
export function turnForTap(x: number, g: PageGeometry): 1 | -1 | 0 {
  const side = x < 0.3 ? -1 : x > 0.7 ? 1 : 0;
  return (side === 0 ? 0 : g.progression === 'rtl' ? -side : side) as 1 | -1 | 0;
}

/** Page turn for a horizontal swipe of `dx` px: dragging the page towards where it came from. */
export function turnForSwipe(dx: number, g: PageGeometry): 1 | -1 {
  return dx < 0 !== (g.progression === 'rtl') ? 1 : -1;
}

/** Where the next page slides in from, in px along x: the forward side. */
export function slideFrom(delta: 1 | -1, g: PageGeometry, distance = 40): number {
  return delta * (g.progression === 'rtl' ? -distance : distance);
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Whether a character's box is on a page before `page` in reading order (1 px of rounding allowed). */
function beforePage(r: Box, page: Box, g: PageGeometry): boolean {
  if (g.vertical) return r.bottom <= page.top + 1;
  return g.reverse ? r.left >= page.right - 1 : r.right <= page.left + 1;
}

/**
 * The offset of the first character on `page`: a binary search over the text, whose characters
 * run through the pages in reading order. `boxAt` is a character's box (undefined for one with
 * none); white space is passed over. Hit-testing a point instead misses in right-to-left columns,
 * where Chromium answers with a character of the previous page.
 */
export function firstOffsetOnPage(text: string, boxAt: (offset: number) => Box | undefined, page: Box, g: PageGeometry): number {
  const measurable = (from: number): { at: number; box?: Box } => {
    for (let at = from; at < text.length; at++) {
      if (/\s/.test(text[at]!)) continue;
      const box = boxAt(at);
      if (box) return { at, box };
    }
    return { at: text.length };
  };
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const { at, box } = measurable(mid);
    if (box && beforePage(box, page, g)) lo = at + 1;
    else hi = mid;
  }
  return Math.min(measurable(lo).at, Math.max(0, text.length - 1));
}
