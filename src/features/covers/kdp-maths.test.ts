import { describe, expect, it } from 'vitest';
import {
  BARCODE,
  BLEED,
  coverLayout,
  MAX_PAGES,
  MIN_PAGES,
  pageCountProblem,
  PAPERS,
  roundInches,
  SPINE_MIN_PT,
  spineFit,
  spineWidth,
  STANDARD_COLOUR_THICKNESS,
  toPoints,
} from './kdp-maths';
import { COVER_PAGES, PAPER_IDS } from '../../../sync/covers/paperback';
import { TRIMS } from '../../../sync/print/trim';

describe("KDP's published example", () => {
  it('6 × 9 in, 200 pages, white: spine 0.4504 in, full cover 12.7004 × 9.25 in', () => {
    const layout = coverLayout({ trimId: '6x9', paper: 'white', pages: 200 });
    expect(roundInches(layout.spineWidth)).toBe(0.4504);
    expect(roundInches(layout.width)).toBe(12.7004);
    expect(roundInches(layout.height)).toBe(9.25);
  });

  it('places back, spine and front side by side inside the bleed', () => {
    const l = coverLayout({ trimId: '6x9', paper: 'white', pages: 200 });
    expect(l.back).toEqual({ x: 0.125, y: 0.125, width: 6, height: 9 });
    expect(l.spine.x).toBe(6.125);
    expect(roundInches(l.front.x)).toBe(6.5754);
    expect(roundInches(l.front.x + l.front.width + BLEED)).toBe(12.7004);
    expect(roundInches(l.trimBox.width)).toBe(12.4504);
  });

  it('puts the 2 × 1.2 in barcode box bottom right of the back cover, 0.25 in from the trim', () => {
    const l = coverLayout({ trimId: '6x9', paper: 'white', pages: 200 });
    expect(l.barcode).toEqual({ x: 0.125 + 6 - 0.25 - 2, y: 0.125 + 9 - 0.25 - 1.2, width: BARCODE.width, height: BARCODE.height });
    expect(l.barcode.x + l.barcode.width).toBeLessThanOrEqual(l.spine.x);
  });

  it('keeps 0.0625 in clear either side of the spine text', () => {
    const l = coverLayout({ trimId: '6x9', paper: 'white', pages: 200 });
    expect(roundInches(l.spineSafe.width)).toBe(0.3254);
    expect(l.spineSafe.x).toBe(6.1875);
  });
});

describe('every trim size and paper', () => {
  const thickness = { white: 0.002252, cream: 0.0025, 'standard-colour': STANDARD_COLOUR_THICKNESS, 'premium-colour': 0.002347 };

  it('knows the four papers and their thickness per page', () => {
    expect(PAPERS.map((p) => [p.id, p.thickness])).toEqual(Object.entries(thickness));
    expect(roundInches(spineWidth(200, 'cream'))).toBe(0.5);
    expect(roundInches(spineWidth(200, 'premium-colour'))).toBe(0.4694);
    expect(roundInches(spineWidth(828, 'cream'))).toBe(2.07);
  });

  it('offers the common trims of DOMAIN.md', () => {
    expect(TRIMS.map((t) => `${t.width}x${t.height}`)).toEqual([
      '5x8',
      '5.25x8',
      '5.5x8.5',
      '5.83x8.27',
      '6x9',
      '6.14x9.21',
      '6.69x9.61',
      '7x10',
      '7.44x9.69',
      '7.5x9.25',
      '8x10',
      '8.5x11',
      '8.27x11.69',
    ]);
  });

  for (const trim of TRIMS) {
    for (const paper of PAPERS) {
      it(`${trim.label} on ${paper.label}: bleed + back + spine + front + bleed`, () => {
        const pages = 300;
        const l = coverLayout({ trimId: trim.id, paper: paper.id, pages });
        const spine = pages * thickness[paper.id];
        expect(l.spineWidth).toBeCloseTo(spine, 10);
        expect(l.width).toBeCloseTo(2 * 0.125 + 2 * trim.width + spine, 10);
        expect(l.height).toBeCloseTo(trim.height + 0.25, 10);
        expect(l.front.x + l.front.width + BLEED).toBeCloseTo(l.width, 10);
        expect(l.barcode.y + l.barcode.height).toBeCloseTo(BLEED + trim.height - 0.25, 10);
      });
    }
  }

  it('refuses an unknown trim or paper', () => {
    expect(() => coverLayout({ trimId: '4x6', paper: 'white', pages: 100 })).toThrow('Unknown trim size “4x6”.');
    // @ts-expect-error: a paper KDP does not offer
    expect(() => spineWidth(100, 'glossy')).toThrow('Unknown paper “glossy”.');
  });
});

describe('page count bounds', () => {
  it(`accepts ${MIN_PAGES} to ${MAX_PAGES} pages`, () => {
    expect(pageCountProblem(24)).toBeNull();
    expect(pageCountProblem(828)).toBeNull();
    expect(roundInches(spineWidth(24, 'white'))).toBe(0.054);
  });

  it('says clearly what is wrong outside them', () => {
    expect(pageCountProblem(23)).toBe('KDP prints paperbacks of 24 pages or more (this one has 23).');
    expect(pageCountProblem(829)).toBe('KDP prints paperbacks of at most 828 pages (this one has 829).');
    expect(pageCountProblem(100.5)).toBe('Enter the page count as a whole number.');
    expect(pageCountProblem(Number.NaN)).toBe('Enter the page count as a whole number.');
    expect(() => coverLayout({ trimId: '6x9', paper: 'white', pages: 12 })).toThrow(RangeError);
    expect(() => spineWidth(900, 'cream')).toThrow('at most 828 pages');
  });
});

describe('spine text', () => {
  // Title and author together 0.05 in long per point of type: 0.8 in at 16 pt, a short title and name.
  const shortTitle = 0.05;

  it('is allowed only from 79 pages', () => {
    expect(coverLayout({ trimId: '6x9', paper: 'white', pages: 78 }).spineTextAllowed).toBe(false);
    expect(coverLayout({ trimId: '6x9', paper: 'white', pages: 79 }).spineTextAllowed).toBe(true);
    const fit = spineFit(coverLayout({ trimId: '6x9', paper: 'cream', pages: 60 }), shortTitle);
    expect(fit).toEqual({ kind: 'not-allowed', message: 'KDP allows spine text only from 79 pages; at 60 pages leave the spine without text.' });
  });

  it('is too small to read on a thin spine even where it is allowed', () => {
    expect(spineFit(coverLayout({ trimId: '6x9', paper: 'white', pages: 79 }), shortTitle).kind).toBe('too-narrow');
  });

  it('fits a thick spine at up to 16 pt, the em inside the clearance', () => {
    const fit = spineFit(coverLayout({ trimId: '6x9', paper: 'white', pages: 200 }), shortTitle);
    expect(fit).toEqual({ kind: 'fits', sizePt: 16 });
    const thinner = spineFit(coverLayout({ trimId: '6x9', paper: 'white', pages: 150 }), shortTitle);
    expect(thinner.kind === 'fits' && thinner.sizePt).toBeCloseTo(toPoints(150 * 0.002252 - 0.125), 6);
  });

  it('shrinks a long title to the spine height, and says when it no longer fits', () => {
    const layout = coverLayout({ trimId: '6x9', paper: 'white', pages: 400 });
    const long = spineFit(layout, 0.8);
    expect(long.kind).toBe('fits');
    expect(long.kind === 'fits' && long.sizePt).toBeLessThan(16);
    expect(long.kind === 'fits' && long.sizePt).toBeGreaterThanOrEqual(SPINE_MIN_PT);
    expect(spineFit(layout, 2).kind).toBe('too-long');
  });
});

describe('the saved cover schema (sync/covers/paperback.ts)', () => {
  it('knows the same papers and page range as the maths', () => {
    expect(PAPERS.map((p) => p.id)).toEqual([...PAPER_IDS]);
    expect(COVER_PAGES).toEqual({ min: MIN_PAGES, max: MAX_PAGES });
  });
});
