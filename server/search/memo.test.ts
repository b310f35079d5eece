import { describe, expect, it } from 'vitest';
import { SearchMemo } from './memo';

describe('SearchMemo', () => {
  it('keeps answers while the version stays, and forgets them when it moves', () => {
    const memo = new SearchMemo<number>();
    expect(memo.get(1, 'genres:FB')).toBeUndefined();
    memo.set(1, 'genres:FB', 42);
    expect(memo.get(1, 'genres:FB')).toBe(42);
    expect(memo.get(2, 'genres:FB')).toBeUndefined();
    expect(memo.get(1, 'genres:FB')).toBeUndefined();
  });

  it('ignores an answer computed at a version it has moved past', () => {
    const memo = new SearchMemo<number>();
    memo.get(3, 'x');
    memo.set(2, 'x', 1);
    expect(memo.get(3, 'x')).toBeUndefined();
  });

  it('holds at most its bound, dropping the oldest entry', () => {
    const memo = new SearchMemo<number>(2);
    memo.get(1, 'a');
    memo.set(1, 'a', 1);
    memo.set(1, 'b', 2);
    memo.set(1, 'c', 3);
    expect([memo.get(1, 'a'), memo.get(1, 'b'), memo.get(1, 'c')]).toEqual([undefined, 2, 3]);
  });
});
