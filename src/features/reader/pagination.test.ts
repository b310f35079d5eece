import { describe, expect, it } from 'vitest';
import { bookProgress, chapterFraction, columnsFor, minutesLeft, progressLabel, spreadAt, spreadCount, spreadForFraction, translateFor } from './pagination';

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
});
