import { describe, expect, it } from 'vitest';
import { countWords, countWordsInXhtml } from './words';

describe('countWords', () => {
  it('counts runs of letters and digits, with in-word apostrophes and hyphens', () => {
    expect(countWords('')).toBe(0);
    expect(countWords("It's a well-known  fact — 42 times.")).toBe(6);
    expect(countWords('Élan vital, naïve café')).toBe(4);
  });
});

describe('countWordsInXhtml', () => {
  it('treats tags as breaks and entities as the characters they stand for', () => {
    expect(countWordsInXhtml('<h1>The Wall</h1><p>It was <em>very</em> late &mdash; again.</p>')).toBe(7);
    expect(countWordsInXhtml('<p>don&rsquo;t stop</p>')).toBe(2);
    expect(countWordsInXhtml('<p>one</p><p>two</p>')).toBe(2);
  });

  it('agrees with the editor on the same text', () => {
    const text = "It's a well-known fact — 42 times.";
    expect(countWordsInXhtml(`<p>${text.replace('—', '&mdash;')}</p>`)).toBe(countWords(text));
  });
});
