import { describe, expect, it } from 'vitest';
import { hyphenateIsbn } from './hyphenate';

describe('hyphenateIsbn', () => {
  it('places the hyphens by the agency ranges, for 978 and 979', () => {
    expect(hyphenateIsbn('9780306406157')).toBe('978-0-306-40615-7');
    expect(hyphenateIsbn('9781402894626')).toBe('978-1-4028-9462-6');
    expect(hyphenateIsbn('9798351882048')).toBe('979-8-3518-8204-8');
    expect(hyphenateIsbn('9791090636071')).toBe('979-10-90636-07-1');
  });

  it('leaves a number outside every known range as its 13 digits', () => {
    // 979-0 is ISMN (music), not an ISBN group.
    expect(hyphenateIsbn('9790000000001')).toBe('9790000000001');
  });
});
