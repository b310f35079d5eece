import { describe, expect, it } from 'vitest';
import {
  firstOffsetOnPage,
  pageGeometry,
  slideFrom,
  spreadTransform,
  turnForKey,
  turnForSwipe,
  turnForTap,
  bookProgress,
  chapterFraction,
  columnsFor,
  minutesLeft,
  progressLabel,
  spreadAt,
  spreadCount,
  spreadForFraction,
  translateFor,
} from './pagination';

describe('pagination maths', () => {
  it('shows two pages on wide screens only, one for vertical writing', () => {
    expect(columnsFor(1280)).toBe(2);
    expect(columnsFor(600)).toBe(1);
    expect(columnsFor(1280, true)).toBe(1);
  });

  it('counts spreads from the overflowing column width', () => {
    expect(spreadCount(800, 800, 40)).toBe(1);
    expect(spreadCount(800 * 3 + 40 * 2, 800, 40)).toBe(3);
    expect(spreadCount(0, 800, 40)).toBe(1);
  });

  it('finds the spread that holds an offset and translates to it', () => {
    expect(spreadAt(0, 800, 40, 3)).toBe(0);
    expect(spreadAt(839, 800, 40, 3)).toBe(0);
    expect(spreadAt(840, 800, 40, 3)).toBe(1);
    expect(spreadAt(99_999, 800, 40, 3)).toBe(2);
    expect(translateFor(2, 800, 40, false)).toBe(-1680);
    expect(translateFor(2, 800, 40, true)).toBe(1680);
  });

  it('maps spreads to fractions and back', () => {
    expect(chapterFraction(0, 1)).toBe(0);
    expect(chapterFraction(5, 11)).toBe(0.5);
    expect(spreadForFraction(0.5, 11)).toBe(5);
    expect(spreadForFraction(1, 11)).toBe(10);
  });

  it('computes book progress and minutes left', () => {
    expect(bookProgress([100, 300, 600], 1, 0.5)).toBeCloseTo(0.25);
    expect(bookProgress([], 0, 0)).toBe(0);
    expect(minutesLeft(1000, 0.5)).toBe(2);
    expect(progressLabel(0.256, 3)).toBe('26% · 3 min left in chapter');
  });

  it('pages vertical-rl books along y, turning forward with ← and a tap on the left', () => {
    const g = pageGeometry('vertical-rl', 'rtl');
    expect(g).toEqual({ axis: 'y', reverse: false, progression: 'rtl', vertical: true });
    expect(spreadTransform(2, 700, 20, g)).toBe('translateY(-1440px)');
    expect(turnForKey('ArrowLeft', false, g)).toBe(1);
    expect(turnForKey('ArrowDown', false, g)).toBe(1);
    expect(turnForKey('ArrowRight', false, g)).toBe(-1);
    expect(turnForKey(' ', true, g)).toBe(-1);
    expect(turnForTap(0.1, g)).toBe(1);
    expect(turnForTap(0.9, g)).toBe(-1);
    expect(turnForTap(0.5, g)).toBe(0);
    expect(turnForSwipe(120, g)).toBe(1);
    expect(slideFrom(1, g)).toBeLessThan(0);
  });

  it('keeps horizontal LTR and RTL books as they were', () => {
    const ltr = pageGeometry('horizontal-tb', 'ltr');
    const rtl = pageGeometry('horizontal-tb', 'rtl');
    expect(spreadTransform(1, 800, 40, ltr)).toBe('translateX(-840px)');
    expect(spreadTransform(1, 800, 40, rtl)).toBe('translateX(840px)');
    expect(turnForKey('ArrowRight', false, ltr)).toBe(1);
    expect(turnForKey('ArrowLeft', false, rtl)).toBe(1);
    expect(turnForKey('ArrowDown', false, ltr)).toBe(0);
    expect(turnForTap(0.9, ltr)).toBe(1);
    expect(turnForTap(0.9, rtl)).toBe(-1);
    expect(turnForSwipe(-120, ltr)).toBe(1);
    expect(turnForSwipe(-120, rtl)).toBe(-1);
    expect(pageGeometry('vertical-lr', 'ltr')).toMatchObject({ axis: 'y', progression: 'ltr' });
  });
});

describe('firstOffsetOnPage', () => {
  // Ten characters a page, each 10 px; pages are 100 px apart (columns), spaces have no box.
  const text = 'abcdefghi jklmnopqr stuvwxyz0 123456789 ABCDEFGHI';
  const PAGE = 100;
  const layout = (place: (page: number, i: number) => { left: number; top: number }) => (at: number) => {
    if (text[at] === ' ') return undefined;
    const { left, top } = place(Math.floor(at / 10), at % 10);
    return { left, right: left + 10, top, bottom: top + 10 };
  };
  const pageBox = (left: number, top = 0) => ({ left, right: left + PAGE, top, bottom: top + PAGE });

  it('finds the first character of a left-to-right page', () => {
    const boxAt = layout((p, i) => ({ left: p * PAGE + i * 10, top: 0 }));
    expect(firstOffsetOnPage(text, boxAt, pageBox(0), pageGeometry('horizontal-tb', 'ltr'))).toBe(0);
    expect(firstOffsetOnPage(text, boxAt, pageBox(200), pageGeometry('horizontal-tb', 'ltr'))).toBe(20);
  });

  it('finds it when pages run leftwards (right to left)', () => {
    const boxAt = layout((p, i) => ({ left: -p * PAGE + (90 - i * 10), top: 0 }));
    expect(firstOffsetOnPage(text, boxAt, pageBox(-100), pageGeometry('horizontal-tb', 'rtl'))).toBe(10);
    expect(firstOffsetOnPage(text, boxAt, pageBox(-400), pageGeometry('horizontal-tb', 'rtl'))).toBe(40);
  });

  it('finds it when pages stack downwards (vertical text)', () => {
    const boxAt = layout((p, i) => ({ left: 90 - i * 10, top: p * PAGE }));
    expect(firstOffsetOnPage(text, boxAt, pageBox(0, 300), pageGeometry('vertical-rl', 'ltr'))).toBe(30);
    expect(firstOffsetOnPage(text, boxAt, pageBox(0, 100), pageGeometry('vertical-rl', 'ltr'))).toBe(10);
  });
});
