/**
 * A post's body is the editor's HTML, which the server does not trust: it goes through the EPUB
 * chapter sanitiser, the one allowlist every chapter the reader shows has passed (as a
 * manuscript's chapters do, server/manuscripts/manuscript-book.ts). Scripts, event handlers,
 * styles that could cover the page and outside images go; links keep only http(s) and mailto;
 * images may only be Quire files (their content URLs are capabilities anyone may read, which is
 * what lets a visitor see them).
 */
import render from 'dom-serializer';
import { DomUtils, parseDocument } from 'htmlparser2';
import { isFileContentUrl } from '../../sync/api/files';
import { sanitizeChapter } from '../books/epub/sanitize';
import { BODY_CLASS } from '../books/epub/scope-css';

const WRAPPER = new RegExp(`^<div class="${BODY_CLASS}">([\\s\\S]*)</div>$`);

/**
 * The sanitiser reads image sources as paths inside a book, and a path from the root is not one;
 * a Quire file's content URL becomes relative here ('api/files/…') and absolute again below.
 */
function relativeFileImages(html: string): string {
  const doc = parseDocument(html);
  for (const img of DomUtils.findAll((el) => el.name === 'img', doc.children)) {
    const src = img.attribs.src ?? '';
    if (isFileContentUrl(src)) img.attribs.src = src.slice(1);
    else delete img.attribs.src;
  }
  return render(doc, { encodeEntities: 'utf8' });
}

export function sanitizePostBody(html: string): string {
  const { xhtml } = sanitizeChapter(`<body>${relativeFileImages(html)}</body>`, {
    chapterId: 'post',
    path: 'post.xhtml',
    chapterIdOf: () => undefined,
    // A Quire file's content URL is the only thing an image may load.
    assetUrlOf: (path) => (isFileContentUrl(`/${path}`) ? `/${path}` : undefined),
  });
  // The sanitiser wraps a chapter in its scoping element; a post's page supplies its own.
  return (WRAPPER.exec(xhtml)?.[1] ?? xhtml).trim();
}

/** The words of a body, for a description when the post has no excerpt. */
export function bodyText(html: string): string {
  return html
    .replace(/<\/(p|li|h[1-6]|blockquote)>|<br\s*\/?>/g, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
