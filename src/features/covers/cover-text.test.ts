import { describe, expect, it } from 'vitest';
import { layoutCoverText, wrapLines, type CoverDesign, type Measure } from './cover-text';

/** A monospaced stand-in: every character is half an em wide. */
const mono: Measure = (text, _font, size) => (text.length * size * 0.5) / 72;

const design: CoverDesign = {
  trimId: '6x9',
  paper: 'white',
  pages: 200,
  title: 'The Salt Orchard',
  author: 'Ada Quire',
  blurb: 'A lighthouse keeper’s daughter and the orchard the sea gave back.',
  background: '#1f3a4d',
  ink: '#f6efe3',
};

describe('wrapLines', () => {
  it('breaks at spaces, keeps paragraphs, and gives an over-long word its own line', () => {
    const width = (s: string) => s.length;
    expect(wrapLines('one two three four', 9, width)).toEqual(['one two', 'three', 'four']);
    expect(wrapLines('one\n\ntwo', 9, width)).toEqual(['one', '', 'two']);
    expect(wrapLines('a extraordinarily b', 5, width)).toEqual(['a', 'extraordinarily', 'b']);
  });
});

describe('the cover text layout', () => {
  it('centres the title and author on the front panel, inside the safe zone', () => {
    const { layout, runs } = layoutCoverText(design, mono);
    const front = runs.filter((r) => !r.vertical && r.x > layout.front.x);
    expect(front.map((r) => r.text)).toEqual(['The Salt Orchard', 'Ada Quire']);
    for (const run of front) {
      expect(run.x).toBeCloseTo(layout.frontSafe.x + layout.frontSafe.width / 2, 10);
      expect(run.x - run.width / 2).toBeGreaterThanOrEqual(layout.frontSafe.x);
      expect(run.y).toBeLessThanOrEqual(layout.frontSafe.y + layout.frontSafe.height);
    }
  });

  it('runs title and author down the spine, within its clearance and safe height', () => {
    const { layout, runs, spine } = layoutCoverText(design, mono);
    expect(spine.kind).toBe('fits');
    const onSpine = runs.filter((r) => r.vertical);
    expect(onSpine.map((r) => r.text)).toEqual(['The Salt Orchard', 'Ada Quire']);
    const last = onSpine[1]!;
    expect(onSpine[0]!.y).toBeGreaterThanOrEqual(layout.spineSafe.y);
    expect(last.y + last.width).toBeLessThanOrEqual(layout.spineSafe.y + layout.spineSafe.height);
    expect(onSpine[0]!.x).toBeGreaterThan(layout.spineSafe.x);
  });

  it('leaves the spine empty under 79 pages and says why', () => {
    const { runs, spine } = layoutCoverText({ ...design, pages: 60 }, mono);
    expect(runs.some((r) => r.vertical)).toBe(false);
    expect(spine.kind).toBe('not-allowed');
  });

  it('keeps the blurb above the barcode and reports when it overflows', () => {
    const short = layoutCoverText(design, mono);
    const blurb = short.runs.filter((r) => r.x < short.layout.spine.x);
    expect(blurb.length).toBeGreaterThan(0);
    expect(short.blurbOverflows).toBe(false);
    const long = layoutCoverText({ ...design, blurb: 'word '.repeat(2000) }, mono);
    expect(long.blurbOverflows).toBe(true);
    for (const run of long.runs.filter((r) => r.x < long.layout.spine.x)) expect(run.y).toBeLessThan(long.layout.barcode.y);
  });

  it('shrinks a long title to at most four lines', () => {
    const { runs } = layoutCoverText({ ...design, title: 'The Remarkable and Entirely True History of the Salt Orchard at Gull Point and Its Keepers' }, mono);
    const titleLines = runs.filter((r) => r.font === 'title' && !r.vertical);
    expect(titleLines.length).toBeLessThanOrEqual(4);
    expect(titleLines[0]!.sizePt).toBeLessThan(44);
  });
});
