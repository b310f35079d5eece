import { describe, expect, it } from 'vitest';
import { charactersPerLine, measureVerdict } from './line-measure';

describe('line measure', () => {
  it('counts average characters that fit a line', () => {
    // 52 characters set 416 px wide: 8 px each, so a 520 px line holds 65.
    expect(charactersPerLine(520, 416, 52)).toBe(65);
    expect(charactersPerLine(523, 416, 52)).toBe(65);
  });
  it('is 0 before anything is laid out', () => {
    expect(charactersPerLine(0, 416, 52)).toBe(0);
    expect(charactersPerLine(520, 0, 52)).toBe(0);
  });
  it('calls 45–75 characters comfortable, and says which way it is off', () => {
    expect(measureVerdict(44)).toBe('short');
    expect(measureVerdict(45)).toBe('comfortable');
    expect(measureVerdict(66)).toBe('comfortable');
    expect(measureVerdict(75)).toBe('comfortable');
    expect(measureVerdict(76)).toBe('long');
  });
});
