import { describe, expect, it } from 'vitest';
import type { BookDetailResponse, ChapterResponse } from '../api/books';
import { cssString, printableCss, printableHtml } from './print-book';
import { marginsFor, trimById } from './trim';

const book = {
  id: 'b1',
  title: 'The "Salt" Orchard',
  subtitle: 'A <novel>',
  language: 'en',
  direction: 'ltr',
  publisher: 'Quire Press',
  coverUrl: '/api/books/b1/assets/cover.png',
  contributors: [
    { name: 'Ada Author', role: 'author' },
    { name: 'Ed Itor', role: 'editor' },
  ],
  toc: [
    { title: 'One', chapterId: 'c1', children: [{ title: 'A scene', chapterId: 'c1', anchor: 's', children: [] }] },
    { title: 'Notes', chapterId: 'n', children: [] },
    { title: 'Two', chapterId: 'c2', children: [] },
  ],
  chapters: [],
} as unknown as BookDetailResponse;
const chapter = (id: string, title: string, linear = true): ChapterResponse => ({
  id,
  bookId: 'b1',
  ord: 0,
  title,
  linear,
  xhtml: `<div class="quire-body"><p>${title} text</p></div>`,
});

describe('printable book', () => {
  const html = printableHtml({ book, chapters: [chapter('c1', 'One'), chapter('n', 'Notes', false), chapter('c2', 'Two')] });

  it('has a cover, an escaped title page, and contents linking each printed chapter once', () => {
    expect(html).toContain('<section class="pp-cover"><img src="/api/books/b1/assets/cover.png"');
    expect(html).toContain('The &quot;Salt&quot; Orchard');
    expect(html).toContain('A &lt;novel&gt;');
    expect(html).toContain('<p class="pp-authors">Ada Author</p>');
    expect([...html.matchAll(/<li class="pp-toc-\d"><a href="#([^"]+)">/g)].map((m) => m[1])).toEqual(['pp-ch-c1', 'pp-ch-c2']);
  });

  it('prints linear chapters, each with its running-head marker, inside the scoped book container', () => {
    expect(html).toContain(
      '<section class="pp-chapter" id="pp-ch-c1" data-chapter-id="c1"><span class="pp-chapter-mark" aria-hidden="true">One</span><div class="quire-book" data-book="b1"',
    );
    expect(html).not.toContain('Notes text');
  });

  it('sets the trim, facing-page margins, running heads and page numbers', () => {
    const trim = trimById('5.5x8.5');
    const css = printableCss(book, trim, marginsFor(trim, 1000));
    expect(css).toContain('size: 5.500in 8.500in;');
    expect(css).toMatch(/@page :left \{\s*margin-left: 0\.500in; margin-right: 0\.625in;/);
    expect(css).toMatch(/@page :right \{\s*margin-left: 0\.625in; margin-right: 0\.500in;/);
    expect(css).toContain('@top-left { content: "The \\"Salt\\" Orchard";');
    expect(css).toContain('content: string(chapter)');
    expect(css).toContain('content: counter(page)');
    expect(css).toContain('target-counter(attr(href), page)');
    expect(css).toContain('.pp-chapter { page: chapter; break-before: right; }');
  });

  it('escapes CSS strings', () => {
    expect(cssString('a\\b"c\nd')).toBe('"a\\\\b\\"c d"');
  });
});
