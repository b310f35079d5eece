import { describe, expect, it } from 'vitest';
import { coverLayout, spineFit, type SpineFit } from './kdp-maths';
import { pageCountChange } from './page-count-change';

const fits: SpineFit = { kind: 'fits', sizePt: 12 };
const fitAt = (pages: number, lengthAt1pt = 0.1) => spineFit(coverLayout({ trimId: '6x9', paper: 'white', pages }), lengthAt1pt);

describe('pageCountChange', () => {
  it('says nothing when the print layout has the count the cover was saved with', () => {
    expect(pageCountChange({ was: 200, now: 200, paper: 'white', spineBefore: fits, spineAfter: fits })).toBeNull();
  });

  it("gives both counts and the spine's new width (KDP's example: 200 pages on white is 0.4504 in)", () => {
    expect(pageCountChange({ was: 180, now: 200, paper: 'white', spineBefore: fits, spineAfter: fitAt(200) })).toEqual({
      message: 'The print layout now has 200 pages (was 180): the spine is now 0.4504 in wide.',
      spineWarning: null,
      refused: false,
    });
    expect(pageCountChange({ was: 200, now: 120, paper: 'cream', spineBefore: fits, spineAfter: fits })?.message).toBe(
      'The print layout now has 120 pages (was 200): the spine is now 0.3 in wide.',
    );
  });

  it('warns when the spine text fitted and no longer may be there (under 79 pages) or no longer fits', () => {
    const under = pageCountChange({ was: 100, now: 60, paper: 'white', spineBefore: fitAt(100), spineAfter: fitAt(60) });
    expect(under?.message).toBe('The print layout now has 60 pages (was 100): the spine is now 0.1351 in wide.');
    expect(under?.spineWarning).toMatch(/only from 79 pages; at 60 pages/);
    // A thick spine carries the title; at 90 pages the spine is too thin for 6 pt.
    expect(fitAt(400, 0.5).kind).toBe('fits');
    const long = pageCountChange({ was: 400, now: 90, paper: 'white', spineBefore: fitAt(400, 0.5), spineAfter: fitAt(90, 0.5) });
    expect(long?.spineWarning).toBeTruthy();
    // Nothing to warn about when the text didn't fit before either: the designer's own warning says so.
    expect(pageCountChange({ was: 50, now: 60, paper: 'white', spineBefore: fitAt(50), spineAfter: fitAt(60) })?.spineWarning).toBeNull();
  });

  it('keeps the last good spine when the new count is outside what KDP prints', () => {
    expect(pageCountChange({ was: 100, now: 12, paper: 'white', spineBefore: fits, spineAfter: fits })).toEqual({
      message: 'The print layout now has 12 pages (was 100): KDP prints paperbacks of 24 pages or more (this one has 12). The cover keeps its 100-page spine.',
      spineWarning: null,
      refused: true,
    });
  });
});
