import { describe, expect, it } from 'vitest';
import { searchNeedle, textHolds } from './search-text';

describe('search in a book', () => {
  it('ignores case and counts any run of whitespace as one space, in the query and the text', () => {
    const needle = searchNeedle('  The\tLong\n Night ');
    expect(needle).toBe('the long night');
    expect(textHolds('It was the\n   long  night of the year.', needle)).toBe(true);
    expect(textHolds('It was the longest night.', needle)).toBe(false);
  });

  it('finds nothing for an empty query', () => {
    expect(searchNeedle(' \n ')).toBe('');
    expect(textHolds('any text', '')).toBe(false);
  });
});
