import { describe, expect, it } from 'vitest';
import { COVER_HEIGHT, COVER_WIDTH, CoverDesignSchema, type TextLayer } from '../../../sync/covers/design';
import {
  clampCentre,
  coverCrop,
  defaultDesign,
  gradientLine,
  layoutLayer,
  nudgeLayer,
  placeLayer,
  SAFE_MARGIN,
  wrapToWidth,
  type MeasureText,
} from './ebook-layout';

/** A monospaced stand-in: every character is half an em wide. */
const mono: MeasureText = (text, _font, size) => text.length * size * 0.5;
const layer: TextLayer = { text: 'The Salt Orchard', font: 'bold', size: 100, colour: '#ffffff', x: 800, y: 700 };

describe('wrapping text to the cover', () => {
  it('breaks at spaces so no line is wider than the cover inside its margins', () => {
    // 60 px a letter: 23 letters fit in the 1408 px between the margins.
    const long = { ...layer, size: 120, text: 'A Lighthouse Keeper and the Orchard the Sea Gave Back' };
    const { lines, box } = layoutLayer(long, mono);
    expect(lines.map((l) => l.text)).toEqual(['A Lighthouse Keeper and', 'the Orchard the Sea', 'Gave Back']);
    for (const line of lines) expect(mono(line.text, 'bold', 120)).toBeLessThanOrEqual(COVER_WIDTH - 2 * SAFE_MARGIN);
    expect(box.width).toBe(23 * 60);
  });

  it('cuts a word too long for any line instead of letting it run off the cover', () => {
    const width = (s: string) => s.length;
    expect(wrapToWidth('a Pneumonoultramicroscopic b', 10, width)).toEqual(['a', 'Pneumonoul', 'tramicrosc', 'opic', 'b']);
  });

  it('keeps the author’s line breaks and lays out nothing for empty text', () => {
    expect(layoutLayer({ ...layer, text: 'Salt\nOrchard' }, mono).lines.map((l) => l.text)).toEqual(['Salt', 'Orchard']);
    expect(layoutLayer({ ...layer, text: '   ' }, mono)).toEqual({ lines: [], box: { x: 800, y: 700, width: 0, height: 0 } });
  });

  it('centres the block on the layer’s point, lines a line-height apart', () => {
    const { lines, box } = layoutLayer({ ...layer, text: 'Salt\nOrchard' }, mono);
    expect(box).toEqual({ x: 800 - 175, y: 700 - 120, width: 350, height: 240 });
    expect(lines.map((l) => l.y)).toEqual([640, 760]);
  });
});

describe('default positions', () => {
  it('puts the title in the upper third and the author near the foot, both centred and inside the margins, as a valid design', () => {
    const design = defaultDesign('The Salt Orchard', 'Ada Quire');
    expect(CoverDesignSchema.parse(design)).toEqual(design);
    expect(design.title.x).toBe(COVER_WIDTH / 2);
    expect(design.title.y).toBeLessThan(COVER_HEIGHT / 3);
    expect(design.author.y).toBeGreaterThan((COVER_HEIGHT * 3) / 4);
    for (const l of [design.title, design.author]) {
      const { box } = layoutLayer(l, mono);
      expect(box.y).toBeGreaterThanOrEqual(SAFE_MARGIN);
      expect(box.y + box.height).toBeLessThanOrEqual(COVER_HEIGHT - SAFE_MARGIN);
    }
  });
});

describe('keeping a moved layer inside the cover', () => {
  it('clamps the centre so the whole block stays within the safe margins', () => {
    const size = { width: 400, height: 120 };
    expect(clampCentre(-500, 99_999, size)).toEqual({ x: SAFE_MARGIN + 200, y: COVER_HEIGHT - SAFE_MARGIN - 60 });
    expect(clampCentre(800, 1000, size)).toEqual({ x: 800, y: 1000 });
    expect(clampCentre(COVER_WIDTH, 0, size)).toEqual({ x: COVER_WIDTH - SAFE_MARGIN - 200, y: SAFE_MARGIN + 60 });
  });

  it('centres a block wider than the safe area on that axis', () => {
    expect(clampCentre(100, 500, { width: COVER_WIDTH, height: 100 })).toEqual({ x: COVER_WIDTH / 2, y: 500 });
  });

  it('places a dragged layer at the pointer, or as near as the cover allows', () => {
    expect(placeLayer(layer, 900, 1200, mono)).toMatchObject({ x: 900, y: 1200 });
    const halfWidth = mono(layer.text, 'bold', 100) / 2;
    expect(placeLayer(layer, 0, 0, mono)).toMatchObject({ x: SAFE_MARGIN + halfWidth, y: SAFE_MARGIN + 60 });
  });

  it('moves a layer by arrow keys, ten times as far with Shift, stopping at the margin', () => {
    expect(nudgeLayer(layer, 'ArrowRight', false, mono)).toMatchObject({ x: 816, y: 700 });
    expect(nudgeLayer(layer, 'ArrowUp', true, mono)).toMatchObject({ x: 800, y: 540 });
    let moved = layer;
    for (let i = 0; i < 40; i++) moved = nudgeLayer(moved, 'ArrowUp', true, mono)!;
    expect(moved.y).toBe(SAFE_MARGIN + 60);
    expect(nudgeLayer(layer, 'Enter', false, mono)).toBeNull();
  });
});

describe('the background', () => {
  it('crops an image to fill the cover, centred', () => {
    expect(coverCrop(3200, 5120)).toEqual({ x: 0, y: 0, width: 3200, height: 5120 });
    // A landscape photo: full height, the middle 1 : 1.6 slice.
    expect(coverCrop(4000, 2000)).toEqual({ x: 1375, y: 0, width: 1250, height: 2000 });
    // Too tall: full width, the middle.
    expect(coverCrop(1000, 2000)).toEqual({ x: 0, y: 200, width: 1000, height: 1600 });
  });

  it('runs a gradient top to bottom at 180°, left to right at 90°, corner to corner between', () => {
    expect(gradientLine(180)).toMatchObject({ x0: expect.closeTo(800, 6), y0: expect.closeTo(0, 6), x1: expect.closeTo(800, 6), y1: expect.closeTo(2560, 6) });
    expect(gradientLine(90)).toMatchObject({ x0: expect.closeTo(0, 6), y0: expect.closeTo(1280, 6), x1: expect.closeTo(1600, 6), y1: expect.closeTo(1280, 6) });
    const diagonal = gradientLine(135);
    // The line is long enough that both corners on its axis get the end colours.
    expect(diagonal.x1 - diagonal.x0).toBeCloseTo(((1600 + 2560) / 2) * Math.SQRT1_2 * Math.SQRT2, 6);
  });
});
