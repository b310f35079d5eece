/**
 * The contents as the drawer shows them: one row per entry, depth first, each knowing its level
 * and its place among its siblings, so a virtualised list (decision 053) can render any slice of
 * a 10,000-entry contents and still tell a screen reader where each row sits in the tree.
 */
import type { TocEntry } from '../../../sync/book-format';

export interface TocRow {
  title: string;
  chapterId: string;
  anchor?: string;
  /** 1 for a top-level entry. */
  level: number;
  /** Siblings at this level under the same parent, and this row's 1-based place among them. */
  setSize: number;
  posInSet: number;
}

/** Depth first, without recursion (a hostile contents may nest deeply). */
export function tocRows(entries: TocEntry[]): TocRow[] {
  const rows: TocRow[] = [];
  const stack: { siblings: TocEntry[]; next: number; level: number }[] = [{ siblings: entries, next: 0, level: 1 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next >= top.siblings.length) {
      stack.pop();
      continue;
    }
    const e = top.siblings[top.next++]!;
    rows.push({
      title: e.title,
      chapterId: e.chapterId,
      ...(e.anchor ? { anchor: e.anchor } : {}),
      level: top.level,
      setSize: top.siblings.length,
      posInSet: top.next,
    });
    if (e.children.length > 0) stack.push({ siblings: e.children, next: 0, level: top.level + 1 });
  }
  return rows;
}

/** A book with no contents of its own lists its chapters. */
export function chapterRows(chapters: { id: string; title: string; linear: boolean }[]): TocRow[] {
  const listed = chapters.filter((c) => c.linear);
  return listed.map((c, i) => ({ title: c.title, chapterId: c.id, level: 1, setSize: listed.length, posInSet: i + 1 }));
}

/** The row to show as "here": the last entry of the current chapter that starts it (no anchor), else its first. */
export function currentRowIndex(rows: TocRow[], chapterId: string | undefined): number {
  if (!chapterId) return -1;
  let first = -1;
  for (let i = 0; i < rows.length; i++) {
    if (rows[i]!.chapterId !== chapterId) continue;
    if (!rows[i]!.anchor) return i;
    if (first < 0) first = i;
  }
  return first;
}

/** First and last row (inclusive) to render for a scroll position, with `overscan` rows either side. */
export function visibleRange(
  { scrollTop, height, rowHeight, count }: { scrollTop: number; height: number; rowHeight: number; count: number },
  overscan = 8,
): { start: number; end: number } {
  if (count === 0) return { start: 0, end: -1 };
  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const end = Math.min(count - 1, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  return { start, end };
}
