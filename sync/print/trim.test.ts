import { describe, expect, it } from 'vitest';
import { estimatePages, marginsFor, minimumGutter, trimById, TRIMS } from './trim';

describe('trim and margins', () => {
  it("offers KDP's trims (the cover tool's list), 6 × 9 in by default", () => {
    expect(TRIMS.map((t) => t.id)).toEqual(expect.arrayContaining(['5x8', '5.5x8.5', '6x9', 'a5', 'a4']));
    expect(trimById('nope').id).toBe('6x9');
    expect(trimById('a5').width).toBeCloseTo(5.83, 2);
  });

  it("follows KDP's gutter table at its boundaries", () => {
    expect([24, 150, 151, 300, 301, 500, 501, 700, 701, 828].map(minimumGutter)).toEqual([0.375, 0.375, 0.5, 0.5, 0.625, 0.625, 0.75, 0.75, 0.875, 0.875]);
  });

  it('widens the inside margin for a long book; the outside stays above the 0.25 in minimum', () => {
    const trim = trimById('6x9');
    expect(estimatePages(30_000, trim)).toBe(100);
    expect(marginsFor(trim, 30_000).inside).toBe(0.625);
    expect(marginsFor(trim, 215_000).inside).toBe(1.125);
    expect(marginsFor(trim, 215_000).outside).toBeGreaterThanOrEqual(0.25);
  });
});
