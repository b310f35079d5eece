import { describe, expect, it } from 'vitest';
import { FLOW_WINDOW, followTo, placeInSpacer, windowAround } from './flow-window';

const SPAN = 2 * FLOW_WINDOW + 1;

describe('windowAround', () => {
  it('renders a book of one window or less whole, wherever the reader is', () => {
    expect(windowAround(0, 7)).toEqual({ lo: 0, hi: 7 });
    expect(windowAround(6, 7)).toEqual({ lo: 0, hi: 7 });
    expect(windowAround(30, SPAN)).toEqual({ lo: 0, hi: SPAN });
    expect(windowAround(0, 0)).toEqual({ lo: 0, hi: 0 });
  });

  it('holds FLOW_WINDOW chapters either side of the reader’s in the middle of a long book', () => {
    expect(windowAround(8_999, 10_000)).toEqual({ lo: 8_999 - FLOW_WINDOW, hi: 8_999 + FLOW_WINDOW + 1 });
  });

  it('stays inside the book at either end, still a whole window long', () => {
    expect(windowAround(0, 10_000)).toEqual({ lo: 0, hi: SPAN });
    expect(windowAround(3, 10_000)).toEqual({ lo: 0, hi: SPAN });
    expect(windowAround(9_999, 10_000)).toEqual({ lo: 10_000 - SPAN, hi: 10_000 });
    expect(windowAround(9_990, 10_000)).toEqual({ lo: 10_000 - SPAN, hi: 10_000 });
  });

  it('clamps a centre outside the book', () => {
    expect(windowAround(-5, 10_000)).toEqual({ lo: 0, hi: SPAN });
    expect(windowAround(20_000, 10_000)).toEqual({ lo: 10_000 - SPAN, hi: 10_000 });
  });

  it('always holds the chapter it is centred on', () => {
    for (const count of [1, 51, 52, 100, 10_000])
      for (const center of [0, 1, 25, 26, count - 27, count - 2, count - 1].filter((c) => c >= 0 && c < count)) {
        const { lo, hi } = windowAround(center, count);
        expect(lo).toBeLessThanOrEqual(center);
        expect(hi).toBeGreaterThan(center);
        expect(hi - lo).toBe(Math.min(count, SPAN));
      }
  });
});

describe('placeInSpacer', () => {
  const unit = 720; // 90vh of an 800 px window

  it('finds the chapter a spacer stands for at the reading line, and where that chapter starts', () => {
    // The spacer before a window starting at chapter 100: the line 2.5 units in is in chapter 2, half way.
    expect(placeInSpacer(0, 100, 2.5 * unit, unit)).toEqual({ index: 2, start: -0.5 * unit });
    expect(placeInSpacer(0, 100, 0, unit)).toEqual({ index: 0, start: 0 });
    // The spacer after a window ending before chapter 9,051.
    expect(placeInSpacer(9_051, 949, 10 * unit, unit)).toEqual({ index: 9_061, start: 0 });
  });

  it('keeps to the chapters the spacer stands for at its ends', () => {
    expect(placeInSpacer(0, 100, 100 * unit + 5, unit)).toEqual({ index: 99, start: 99 * unit - (100 * unit + 5) });
    expect(placeInSpacer(9_051, 949, 5_000 * unit, unit).index).toBe(9_999);
    expect(placeInSpacer(9_051, 949, -10, unit)).toEqual({ index: 9_051, start: 10 });
  });
});

describe('followTo', () => {
  const count = 10_000;
  const middle = windowAround(5_000, count);

  it('leaves the window while the reading line is well inside it', () => {
    expect(followTo(5_000, middle, count)).toBeNull();
    expect(followTo(middle.lo + Math.ceil(FLOW_WINDOW / 2), middle, count)).toBeNull();
    expect(followTo(middle.hi - 1 - Math.ceil(FLOW_WINDOW / 2), middle, count)).toBeNull();
  });

  it('centres on the reading line within a quarter window of either edge', () => {
    expect(followTo(middle.lo + 3, middle, count)).toBe(middle.lo + 3);
    expect(followTo(middle.hi - 4, middle, count)).toBe(middle.hi - 4);
    // Moved, the window still holds the reader's chapter, in its middle.
    const moved = windowAround(middle.hi - 4, count);
    expect(moved.lo).toBeGreaterThan(middle.lo);
    expect(followTo(middle.hi - 4, moved, count)).toBeNull();
  });

  it('moves to a chapter a spacer stands for, however far', () => {
    expect(followTo(9_000, windowAround(0, count), count)).toBe(9_000);
    expect(followTo(3, windowAround(9_000, count), count)).toBe(3);
  });

  it('does not move past the ends of the book', () => {
    const first = windowAround(0, count);
    expect(followTo(2, first, count)).toBeNull();
    const last = windowAround(count - 1, count);
    expect(followTo(count - 1, last, count)).toBeNull();
    expect(followTo(count - 1, last, count, true)).toBeNull();
  });

  it('moves on when the spacer past the window shows (chapters shorter than the screen)', () => {
    expect(followTo(5_005, middle, count, true)).toBe(5_005);
    // Centred on the line already: nothing more to do (a window is 51 chapters, however short).
    expect(followTo(5_000, middle, count, true)).toBeNull();
  });

  it('never moves a book rendered whole', () => {
    expect(followTo(0, windowAround(0, 40), 40)).toBeNull();
    expect(followTo(39, windowAround(0, 40), 40, true)).toBeNull();
  });
});
