import { describe, expect, it } from 'vitest';
import { cleanReviewText } from '../../../sync/api/reviews';
import { countLabel, histogramRows, ratingLabel } from './reviews-model';

describe('histogramRows', () => {
  it('lists five stars first with whole percentages', () => {
    expect(histogramRows({ count: 4, average: 3.8, histogram: [0, 1, 0, 1, 2] })).toEqual([
      { stars: 5, count: 2, percent: 50 },
      { stars: 4, count: 1, percent: 25 },
      { stars: 3, count: 0, percent: 0 },
      { stars: 2, count: 1, percent: 25 },
      { stars: 1, count: 0, percent: 0 },
    ]);
    expect(histogramRows({ count: 0, average: null, histogram: [0, 0, 0, 0, 0] }).every((r) => r.percent === 0)).toBe(true);
  });

  it('labels ratings for screen readers', () => {
    expect(ratingLabel(4.25)).toBe('4.3 out of 5 stars');
    expect(countLabel(1)).toBe('1 rating');
    expect(countLabel(1200)).toBe('1,200 ratings');
  });
});

describe('cleanReviewText', () => {
  it('drops tags and control characters but keeps text that only looks like markup', () => {
    expect(cleanReviewText('<script>alert(1)</script>Great <i>book</i>')).toBe('alert(1)Great book');
    expect(cleanReviewText('I <3 it, and 2 < 3 > 1')).toBe('I <3 it, and 2 < 3 > 1');
    expect(cleanReviewText('  a\u0000b\u202Ec  \r\n\r\n\r\n\r\nd\t ')).toBe('abc\n\nd');
  });
});
