import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-time';

describe('datetime-local values', () => {
  it('round-trip an instant to the second', () => {
    const at = new Date(2026, 10, 26, 14, 30, 5).getTime();
    expect(toLocalInput(at)).toBe('2026-11-26T14:30:05');
    expect(fromLocalInput(toLocalInput(at))).toBe(at);
  });
  it('accept a value without seconds and refuse nonsense', () => {
    expect(fromLocalInput('2026-11-26T14:30')).toBe(new Date(2026, 10, 26, 14, 30).getTime());
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
  });
});
