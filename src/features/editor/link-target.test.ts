import { describe, expect, it } from 'vitest';
import { LINK_TARGET } from './link-target';

describe('where a link in a chapter may lead', () => {
  it('accepts web and mail addresses and a place in the book', () => {
    for (const ok of ['https://example.org/a', 'http://x.test', 'mailto:ada@example.org', '#the-map']) expect(LINK_TARGET.test(ok), ok).toBe(true);
  });
  it('refuses scripts, relative files and malformed places', () => {
    for (const bad of ['javascript:alert(1)', 'notes.html', '#', '#two words', '#a#b', '']) expect(LINK_TARGET.test(bad), bad).toBe(false);
  });
});
