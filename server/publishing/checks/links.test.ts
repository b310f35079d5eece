import { describe, expect, it } from 'vitest';
import { linksCheck } from './links';
import { testBook, testInput } from './test-book';

describe('the broken internal links check', () => {
  it('passes links to chapters and places that exist, and leaves outside links alone', () => {
    const book = testBook([
      ['One', '<p id="top">See <a href="#c2/map" data-chapter-id="c2" data-anchor="map">the map</a>, <a href="#c2">two</a>, <a href="#top">top</a>.</p>'],
      ['Two', '<p id="map">The map. <a href="https://example.org" rel="external">out</a> <a>plain</a></p>'],
    ]);
    expect(linksCheck(testInput({ book }))).toMatchObject({ status: 'passed', findings: [] });
  });

  it('fails a link to a missing place, a missing chapter and a missing file, saying where each is', () => {
    const book = testBook([
      ['One', '<p>See <a href="#c1/the-map" data-chapter-id="c1" data-anchor="the-map">the map</a> and <a href="#c9" data-chapter-id="c9">the end</a>.</p>'],
      ['Two', '<p id="x"><a href="#c1/nope" data-chapter-id="c1" data-anchor="nope">back</a> <a href="notes.xhtml">notes</a> <a href="#gone">gone</a></p>'],
    ]);
    const outcome = linksCheck(testInput({ book }));
    expect(outcome.status).toBe('failed');
    expect(outcome.message).toBe('5 internal links lead nowhere.');
    expect(outcome.findings).toEqual([
      { where: 'Chapter 1 “One”, link “the map”', reason: 'It points to #the-map, which is no place in this chapter.' },
      { where: 'Chapter 1 “One”, link “the end”', reason: 'It points to a chapter that is not in this edition.' },
      { where: 'Chapter 2 “Two”, link “back”', reason: 'It points to #nope, which is no place in Chapter 1 “One”.' },
      { where: 'Chapter 2 “Two”, link “notes”', reason: 'It points to notes.xhtml, a file that is not in the book.' },
      { where: 'Chapter 2 “Two”, link “gone”', reason: 'It points to #gone, which is no place in this chapter.' },
    ]);
  });
});
