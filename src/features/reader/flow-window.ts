/**
 * Which chapters scroll mode lays out (decision 060): a window of FLOW_WINDOW either side of the
 * reader's, the rest stood in for by two spacers a placeholder long per chapter. These are the
 * pure rules; flow-view.tsx measures the page and applies them.
 */

/** Chapters rendered either side of the one being read; a book of 2 × FLOW_WINDOW + 1 or fewer is rendered whole. */
export const FLOW_WINDOW = 25;

/** Chapters `lo` to `hi - 1` (by position among the readable ones) are in the page. */
export interface FlowWindow {
  lo: number;
  hi: number;
}

/**
 * The window around chapter `center` of `count`: `size` either side, shifted to stay inside the
 * book so it always holds 2 × size + 1 chapters (or all of a shorter book).
 */
export function windowAround(center: number, count: number, size = FLOW_WINDOW): FlowWindow {
  const span = 2 * size + 1;
  if (count <= span) return { lo: 0, hi: Math.max(0, count) };
  const at = Math.min(Math.max(0, center), count - 1);
  const lo = Math.min(Math.max(0, at - size), count - span);
  return { lo, hi: lo + span };
}

/** Where the reading line is: a chapter (by position) and where that chapter starts, in px from the line (≤ 0 once the line is in it). */
export interface FlowPlace {
  index: number;
  start: number;
}

/**
 * The chapter a spacer stands for at the reading line, each chapter left out counting `unit` px.
 * `line` is how far the reading line is past the spacer's start (px); the spacer before the window
 * stands for chapters 0 to lo - 1, the one after for hi to count - 1.
 */
export function placeInSpacer(first: number, chapters: number, line: number, unit: number): FlowPlace {
  const k = Math.min(Math.max(0, Math.floor(line / unit)), Math.max(0, chapters - 1));
  return { index: first + k, start: k * unit - line };
}

/**
 * Where to centre the window for the reading line at chapter `at`, or null to leave it: once the
 * line is within a quarter window of an edge that has more book beyond it, or the spacer past the
 * window's end shows (chapters shorter than the screen), the window is moved to centre on `at`.
 */
export function followTo(at: number, { lo, hi }: FlowWindow, count: number, spacerAfterShows = false, size = FLOW_WINDOW): number | null {
  const margin = size / 2;
  const nearStart = lo > 0 && at - lo < margin;
  const nearEnd = hi < count && (hi - 1 - at < margin || spacerAfterShows);
  if (!nearStart && !nearEnd) return null;
  const next = windowAround(at, count, size);
  return next.lo === lo && next.hi === hi ? null : at;
}
