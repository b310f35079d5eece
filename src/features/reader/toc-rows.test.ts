import { describe, expect, it } from 'vitest';
import type { TocEntry } from '../../../sync/book-format';
import { chapterRows, currentRowIndex, tocRows, visibleRange } from './toc-rows';

const entry = (title: string, chapterId: string, children: TocEntry[] = [], anchor?: string): TocEntry => ({
  title,
  chapterId,
  children,
  ...(anchor ? { anchor } : {}),
});
const leaf = (title: string, chapterId: string, anchor?: string) => entry(title, chapterId, [], anchor);

describe('tocRows', () => {
  it('lists entries depth first with their level and place among their siblings', () => {
    const rows = tocRows([entry('Part One', 'p1', [leaf('Storm', 'c1'), leaf('Calm', 'c1', 'calm')]), leaf('Part Two', 'p2')]);
    expect(rows.map((r) => [r.title, r.level, r.posInSet, r.setSize])).toEqual([
      ['Part One', 1, 1, 2],
      ['Storm', 2, 1, 2],
      ['Calm', 2, 2, 2],
      ['Part Two', 1, 2, 2],
    ]);
    expect(rows[2]).toMatchObject({ chapterId: 'c1', anchor: 'calm' });
  });

  it('flattens a contents nested far deeper than any book without running out of stack', () => {
    let deep = leaf('bottom', 'c');
    for (let i = 0; i < 20_000; i++) deep = entry(`level ${i}`, 'c', [deep]);
    const rows = tocRows([deep]);
    expect(rows).toHaveLength(20_001);
    expect(rows.at(-1)).toMatchObject({ title: 'bottom', level: 20_001 });
  });
});

describe('chapterRows', () => {
  it('lists the linear chapters when a book has no contents', () => {
    const rows = chapterRows([
      { id: 'cover', title: 'Cover', linear: false },
      { id: 'a', title: 'A', linear: true },
      { id: 'b', title: 'B', linear: true },
    ]);
    expect(rows).toEqual([
      { title: 'A', chapterId: 'a', level: 1, setSize: 2, posInSet: 1 },
      { title: 'B', chapterId: 'b', level: 1, setSize: 2, posInSet: 2 },
    ]);
  });
});

describe('currentRowIndex', () => {
  const rows = tocRows([leaf('Storm, middle', 'c1', 'mid'), leaf('Storm', 'c1'), leaf('Calm', 'c2')]);
  it('prefers the entry that starts the chapter, else its first, else none', () => {
    expect(currentRowIndex(rows, 'c1')).toBe(1);
    expect(currentRowIndex(tocRows([leaf('x', 'c3', 'a'), leaf('y', 'c3', 'b')]), 'c3')).toBe(0);
    expect(currentRowIndex(rows, 'nope')).toBe(-1);
    expect(currentRowIndex(rows, undefined)).toBe(-1);
  });
});

describe('visibleRange', () => {
  it('covers the rows in view plus the overscan, clamped to the list', () => {
    expect(visibleRange({ scrollTop: 0, height: 400, rowHeight: 40, count: 10_000 }, 5)).toEqual({ start: 0, end: 15 });
    expect(visibleRange({ scrollTop: 399_600, height: 400, rowHeight: 40, count: 10_000 }, 5)).toEqual({ start: 9985, end: 9999 });
    expect(visibleRange({ scrollTop: 0, height: 400, rowHeight: 40, count: 0 })).toEqual({ start: 0, end: -1 });
  });
});
