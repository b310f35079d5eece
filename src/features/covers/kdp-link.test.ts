import { describe, expect, it } from 'vitest';
import { kdpCoverHref, manuscriptCoverHref, manuscriptPrintHref } from './kdp-link';

describe('the link from the print layout', () => {
  it('carries the trim, the typeset page count, the title and the authors', () => {
    const href = kdpCoverHref(
      {
        title: 'Salt & Stone',
        contributors: [
          { name: 'Marit Solberg', role: 'author' },
          { name: 'Ed Itor', role: 'editor' },
          { name: 'Ann Other', role: 'co-author' },
        ],
      },
      '5.5x8.5',
      212,
    );
    const url = new URL(href, 'http://quire.test');
    expect(url.pathname).toBe('/kdp-cover');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      trim: '5.5x8.5',
      pages: '212',
      title: 'Salt & Stone',
      author: 'Marit Solberg & Ann Other',
      from: 'Salt & Stone',
    });
  });
});

describe('manuscript cover links', () => {
  it("opens a manuscript's saved cover at a trim, and its print layout", () => {
    expect(manuscriptCoverHref('ms 1', '5x8')).toBe('/kdp-cover?manuscript=ms+1&trim=5x8');
    expect(manuscriptCoverHref('m1')).toBe('/kdp-cover?manuscript=m1');
    expect(manuscriptPrintHref('m/1', '6x9')).toBe('/printable/manuscript/m%2F1?trim=6x9');
  });
});
