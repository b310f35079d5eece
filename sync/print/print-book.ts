/**
 * The printed book as HTML and CSS for Paged.js: a cover page (when the book has a cover), a
 * title page, contents with page numbers (target-counter), then each chapter on a new recto
 * page. Running heads: the book title on versos, the chapter title on rectos (a zero-size
 * marker carries the chapter title for `string-set`, since the chapter's own heading may differ
 * or be absent). Chapter XHTML is already sanitised (sync/book-format.ts) and inserted as is.
 * Shared: the print layout (/printable) typesets it in the reader's browser, and the print PDF
 * export (server/exports/print-pdf.ts) in the server's Chromium, so both give the same pages.
 */
import type { ChapterResponse } from '../api/books';
import type { TocEntry } from '../book-format';
import { escapeHtml } from '../text/escape-html';
import type { Margins, Trim } from './trim';

/** A CSS string literal: quotes, backslashes and line breaks escaped. */
export const cssString = (s: string) =>
  `"${s
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[\r\n]+/g, ' ')}"`;
const chapterAnchor = (chapterId: string) => `pp-ch-${chapterId}`;

/** What the print needs of a book: the API's printable book has it, and so does a book in the canonical format. */
export interface PrintableInput {
  book: {
    id: string;
    title: string;
    subtitle: string;
    publisher: string;
    language: string;
    direction: 'ltr' | 'rtl';
    coverUrl: string | null;
    contributors: readonly { name: string; role: string }[];
    toc: TocEntry[];
    chapters: readonly { id: string; title: string }[];
  };
  chapters: readonly Pick<ChapterResponse, 'id' | 'title' | 'linear' | 'xhtml'>[];
}

/** Contents entries to print: two levels, only those pointing at a chapter in the print. */
function tocEntries(book: PrintableInput['book'], printed: Set<string>): { title: string; chapterId: string; depth: number }[] {
  const source: TocEntry[] = book.toc.length > 0 ? book.toc : book.chapters.map((c) => ({ title: c.title, chapterId: c.id, children: [] }));
  const out: { title: string; chapterId: string; depth: number }[] = [];
  const seen = new Set<string>();
  const visit = (entries: TocEntry[], depth: number) => {
    for (const e of entries) {
      // Page numbers point at chapter starts; a second entry for the same chapter (an anchor
      // inside it) would repeat the number, so only the first is kept.
      if (printed.has(e.chapterId) && !seen.has(e.chapterId)) {
        seen.add(e.chapterId);
        out.push({ title: e.title, chapterId: e.chapterId, depth });
      }
      if (depth < 1) visit(e.children, depth + 1);
    }
  };
  visit(source, 0);
  return out;
}

/**
 * A manuscript's chapter as printed: its title as its first heading unless the text starts with
 * one (a manuscript's chapter text carries no title, unlike a book's), as in its EPUB and PDF.
 */
export function withTitleHeading<C extends { title: string; xhtml: string }>(chapter: C): C {
  return /<h[1-3][\s>]/.test(chapter.xhtml) ? chapter : { ...chapter, xhtml: `<h1>${escapeHtml(chapter.title)}</h1>\n${chapter.xhtml}` };
}

export function printableHtml({ book, chapters }: PrintableInput): string {
  const linear = chapters.filter((c) => c.linear);
  const printed = new Set(linear.map((c) => c.id));
  const authors = book.contributors.filter((c) => c.role === 'author' || c.role === 'co-author').map((c) => c.name);
  const scope = `class="quire-book" data-book="${escapeHtml(book.id)}" lang="${escapeHtml(book.language || 'en')}" dir="${book.direction}"`;
  const parts: string[] = [];
  if (book.coverUrl) parts.push(`<section class="pp-cover"><img src="${escapeHtml(book.coverUrl)}" alt="Cover of ${escapeHtml(book.title)}"></section>`);
  parts.push(
    `<section class="pp-title-page"><h1 class="pp-book-title">${escapeHtml(book.title)}</h1>` +
      (book.subtitle ? `<p class="pp-subtitle">${escapeHtml(book.subtitle)}</p>` : '') +
      (authors.length ? `<p class="pp-authors">${escapeHtml(authors.join(', '))}</p>` : '') +
      (book.publisher ? `<p class="pp-publisher">${escapeHtml(book.publisher)}</p>` : '') +
      `</section>`,
  );
  const entries = tocEntries(book, printed);
  parts.push(
    `<nav class="pp-toc" aria-label="Contents"><h2>Contents</h2><ol>` +
      entries.map((e) => `<li class="pp-toc-${e.depth}"><a href="#${chapterAnchor(e.chapterId)}">${escapeHtml(e.title)}</a></li>`).join('') +
      `</ol></nav>`,
  );
  for (const ch of linear) {
    parts.push(
      `<section class="pp-chapter" id="${chapterAnchor(ch.id)}" data-chapter-id="${escapeHtml(ch.id)}">` +
        `<span class="pp-chapter-mark" aria-hidden="true">${escapeHtml(ch.title)}</span>` +
        `<div ${scope}>${ch.xhtml}</div></section>`,
    );
  }
  return parts.join('\n');
}

export function printableCss(book: { title: string }, trim: Trim, m: Margins): string {
  const inch = (n: number) => `${n.toFixed(3)}in`;
  const none = '@top-left { content: none; } @top-right { content: none; } @bottom-center { content: none; }';
  return `
@page {
  size: ${inch(trim.width)} ${inch(trim.height)};
  margin: ${inch(m.top)} ${inch(m.outside)} ${inch(m.bottom)} ${inch(m.inside)};
  @bottom-center { content: counter(page); font: 9pt Georgia, 'Times New Roman', serif; }
}
@page :left {
  margin-left: ${inch(m.outside)}; margin-right: ${inch(m.inside)};
  @top-left { content: ${cssString(book.title)}; font: italic 8.5pt Georgia, serif; letter-spacing: 0.04em; }
}
@page :right {
  margin-left: ${inch(m.inside)}; margin-right: ${inch(m.outside)};
  @top-right { content: string(chapter); font: italic 8.5pt Georgia, serif; letter-spacing: 0.04em; }
}
@page cover { margin: 0; ${none} }
@page front { ${none} }
@page chapter:first { @top-left { content: none; } @top-right { content: none; } }
@page :blank { ${none} }

.pp-cover { page: cover; break-after: page; height: ${inch(trim.height)}; display: flex; align-items: center; justify-content: center; }
.pp-cover img { max-width: 100%; max-height: 100%; object-fit: contain; }
.pp-title-page, .pp-toc { page: front; break-after: page; }
.pp-title-page, .pp-toc { font-family: Georgia, 'Times New Roman', serif; }
.pp-title-page { text-align: center; padding-top: 30%; }
.pp-book-title { font-size: 24pt; line-height: 1.2; margin: 0 0 0.3in; string-set: booktitle content(text); }
.pp-subtitle { font-size: 13pt; font-style: italic; margin: 0 0 0.6in; }
.pp-authors { font-size: 13pt; letter-spacing: 0.06em; text-transform: uppercase; margin: 0; }
.pp-publisher { margin-top: 2in; font-size: 10pt; }
.pp-toc { break-before: right; }
.pp-toc h2 { font-size: 15pt; text-align: center; margin: 0.4in 0 0.3in; font-weight: normal; letter-spacing: 0.1em; text-transform: uppercase; }
.pp-toc ol { list-style: none; padding: 0; margin: 0; }
.pp-toc li { margin: 0 0 0.35em; }
.pp-toc li.pp-toc-1 { padding-left: 1.2em; font-size: 0.92em; }
.pp-toc a { color: inherit; text-decoration: none; display: flex; gap: 0.4em; }
.pp-toc a::after { content: target-counter(attr(href), page); margin-left: auto; }
.pp-chapter { page: chapter; break-before: right; }
.pp-chapter-mark { string-set: chapter content(text); display: block; height: 0; overflow: hidden; font-size: 0; line-height: 0; }
.pp-chapter .quire-book { font: 10.5pt/1.45 Georgia, 'Times New Roman', serif; text-align: justify; hyphens: auto; orphans: 2; widows: 2; }
.pp-chapter h1, .pp-chapter h2, .pp-chapter h3 { text-align: center; hyphens: none; break-after: avoid; }
.pp-chapter h1, .pp-chapter h2 { margin: 0.8in 0 0.35in; font-size: 15pt; font-weight: normal; }
.pp-chapter p { margin: 0; }
/* Paged.js justifies the last line of the deepest element split across pages; when the split falls
   between paragraphs that is their container, and every paragraph in it would inherit it. */
.pp-chapter :not([data-align-last-split-element]) { text-align-last: auto; }
.pp-chapter p + p { text-indent: 1.2em; }
.pp-chapter img { max-width: 100%; max-height: ${inch(trim.height * 0.6)}; }
.pp-chapter pre { white-space: pre-wrap; }
`;
}
