import { describe, expect, it } from 'vitest';
import { coverCheck } from './cover';
import { testInput } from './test-book';

const sized = (width: number, height: number) => coverCheck(testInput({ cover: { path: 'images/cover.jpg', width, height, bytes: 300_000 } }));

describe('the cover check (DOMAIN.md: 1600 × 2560 recommended, shortest ≥ 1000, longest ≤ 10000)', () => {
  it('passes the recommended size and a larger one of the same shape', () => {
    expect(sized(1600, 2560)).toMatchObject({ status: 'passed', findings: [] });
    expect(sized(2500, 4000).status).toBe('passed');
  });

  it('warns about no cover, a smaller cover and another shape', () => {
    expect(coverCheck(testInput())).toMatchObject({ status: 'warning', message: expect.stringContaining('No cover') });
    expect(sized(1000, 1600)).toMatchObject({ status: 'warning', findings: [{ reason: expect.stringContaining('Smaller than the recommended') }] });
    expect(sized(3000, 3000)).toMatchObject({ status: 'warning', findings: [{ reason: expect.stringContaining('1 : 1.00, not 1 : 1.6') }] });
  });

  it('fails a cover outside the limits, or one that cannot be read', () => {
    expect(sized(999, 1600)).toMatchObject({
      status: 'failed',
      findings: [{ where: 'Cover (999 × 1600 px)', reason: expect.stringContaining('under 1000 px') }],
    });
    expect(sized(6300, 10080)).toMatchObject({ status: 'failed', findings: [{ reason: expect.stringContaining('over 10000 px') }] });
    expect(coverCheck(testInput({ cover: { path: 'images/cover.jpg', unreadable: true } })).status).toBe('failed');
  });
});
