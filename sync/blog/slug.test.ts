import { describe, expect, it } from 'vitest';
import { normalizeTag, SLUG_MAX, SLUG_PATTERN, slugify } from './slug';

describe('slugify', () => {
  it('makes a readable address from a title', () => {
    expect(slugify('Writing with a co-author: notes from Quire')).toBe('writing-with-a-co-author-notes-from-quire');
    expect(slugify('Écrire à deux')).toBe('ecrire-a-deux');
    expect(slugify("Reader's notes & highlights")).toBe('readers-notes-and-highlights');
  });
  it('always gives what the API accepts, or nothing', () => {
    for (const title of ['  --Hello--  ', '2026: a year', 'Ünïcødé!!', 'a'.repeat(200), `${'word '.repeat(40)}`]) {
      const slug = slugify(title);
      expect(slug).toMatch(SLUG_PATTERN);
      expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    }
    expect(slugify('!!!')).toBe('');
  });
  it('cuts a long title at a word', () => {
    const slug = slugify('the quick brown fox jumps over the lazy dog '.repeat(4));
    expect(slug.endsWith('-')).toBe(false);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
  });
});

describe('normalizeTag', () => {
  it('trims, lower-cases and folds spaces', () => {
    expect(normalizeTag('  Product   News ')).toBe('product news');
  });
});
