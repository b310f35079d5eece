import { describe, expect, it } from 'vitest';
import { byteRangeOf } from './serve-blob';

describe('byteRangeOf', () => {
  it('reads one range in each of its three forms, clamped to the size', () => {
    expect(byteRangeOf('bytes=0-3', 10)).toEqual({ start: 0, end: 3 });
    expect(byteRangeOf('bytes=4-', 10)).toEqual({ start: 4, end: 9 });
    expect(byteRangeOf('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(byteRangeOf('bytes=-30', 10)).toEqual({ start: 0, end: 9 });
    expect(byteRangeOf('bytes=8-99', 10)).toEqual({ start: 8, end: 9 });
  });

  it('says when a range lies beyond the bytes', () => {
    expect(byteRangeOf('bytes=10-', 10)).toBe('unsatisfiable');
    expect(byteRangeOf('bytes=-0', 10)).toBe('unsatisfiable');
    expect(byteRangeOf('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('sends everything for no header, several ranges, other units or nonsense', () => {
    expect(byteRangeOf(undefined, 10)).toBeNull();
    expect(byteRangeOf('bytes=0-1,4-5', 10)).toBeNull();
    expect(byteRangeOf('items=0-1', 10)).toBeNull();
    expect(byteRangeOf('bytes=5-2', 10)).toBeNull();
    expect(byteRangeOf('bytes=-', 10)).toBeNull();
  });
});
