/** Pagination maths of the paginated reader: pure, so it is tested without a browser. */

/** Two pages side by side once each page can still hold a comfortable measure. */
export const TWO_PAGE_MIN_WIDTH = 900;
export const WORDS_PER_MINUTE = 250;

export function columnsFor(width: number, writingVertical = false): 1 | 2 {
  return !writingVertical && width >= TWO_PAGE_MIN_WIDTH ? 2 : 1;
}

/** Distance from one spread to the next: the content width plus one column gap. */
export function spreadStride(contentWidth: number, gap: number): number {
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
