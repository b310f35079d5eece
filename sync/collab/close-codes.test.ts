import { describe, expect, it } from 'vitest';
import { chapterDocName, CLOSE_CODES, parseDocName } from './close-codes';

describe('collab document names', () => {
  it('parses chapter names and round-trips them', () => {
    expect(parseDocName(chapterDocName('abc_123-X'))).toEqual({ kind: 'chapter', id: 'abc_123-X', name: 'chapter:abc_123-X' });
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'chapter:', 'chapter:a/b', 'book:1', 'chapter:1 ', `chapter:${'x'.repeat(65)}`, 'CHAPTER:1']) {
      expect(parseDocName(bad)).toBeNull();
    }
  });
});

describe('collab close codes', () => {
  it('are distinct application codes', () => {
    const codes = Object.values(CLOSE_CODES).filter((c) => c >= 4000);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((c) => c < 5000)).toBe(true);
  });
});
