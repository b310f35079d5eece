import { describe, expect, it } from 'vitest';
import { normalizeIsbn } from './isbn';

describe('normalizeIsbn', () => {
  it('accepts ISBN-13 with or without hyphens and spaces', () => {
    expect(normalizeIsbn('978-0-306-40615-7')).toBe('9780306406157');
    expect(normalizeIsbn('978 0306 406157')).toBe('9780306406157');
    expect(normalizeIsbn('9780306406157')).toBe('9780306406157');
  });

  it('converts a valid ISBN-10 (check digit X included) to its ISBN-13', () => {
    expect(normalizeIsbn('0-306-40615-2')).toBe('9780306406157');
    expect(normalizeIsbn('0-8044-2957-X')).toBe('9780804429573');
    expect(normalizeIsbn('080442957x')).toBe('9780804429573');
  });

  it('refuses wrong check digits, wrong lengths and words', () => {
    expect(normalizeIsbn('9780306406158')).toBeNull();
    expect(normalizeIsbn('0-306-40615-3')).toBeNull();
    expect(normalizeIsbn('97803064061')).toBeNull();
    expect(normalizeIsbn('orchard')).toBeNull();
  });
});
