/**
 * One chapter inside the book's scoped container (`.quire-book[data-book]`), so the publisher's
 * stylesheets apply to it and nothing else. The sanitised XHTML is set once per chapter; React
 * never touches it again (highlights are DOM marks added afterwards).
 */
import { memo, useLayoutEffect, useRef } from 'react';
import type { BookDetailResponse } from '../../../sync/api/books';
import { offsetOf } from './chapter-dom';
import { fallBackToOriginals } from './picture-fallback';
import { createQuote } from './text-quote';
import type { ViewProps } from './types';

export const ChapterSection = memo(function ChapterSection({ chapterId, xhtml }: { chapterId: string; xhtml: string }) {
  const ref = useRef<HTMLElement>(null);
  // Before the browser can report a failed image: a variant that cannot load shows the original.
  useLayoutEffect(() => fallBackToOriginals(ref.current!), []);
  return <section ref={ref} className="reader-chapter" data-chapter-id={chapterId} dangerouslySetInnerHTML={{ __html: xhtml }} />;
});

export function bookContainerProps(book: BookDetailResponse) {
  return {
    className: 'quire-book',
    'data-book': book.id,
    // Vertical books progress right to left (EPUB page-progression-direction) while each line
    // still runs top to bottom: dir=rtl there would flip the lines, so it only applies to horizontal text.
    dir: /^vertical/.test(book.writingMode) ? undefined : book.direction,
    lang: book.language || undefined,
    style: { writingMode: (book.writingMode || 'horizontal-tb') as React.CSSProperties['writingMode'] },
  };
}

/** The book's scoped stylesheets, loaded once with the reader. */
export function BookStylesheets({ book }: { book: BookDetailResponse }) {
  return (
    <>
      {book.stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence="book" />
      ))}
    </>
  );
}

/** Selection inside a chapter section → chapter id and text offsets. */
/** The reader's selection inside `container`, as a quote of its chapter (what a highlight or note keeps). */
export function selectedPassage(container: HTMLElement): Parameters<ViewProps['onSelect']>[0] {
  const sel = document.getSelection();
  if (!sel || sel.isCollapsed || sel.rangeCount === 0) return null;
  const range = sel.getRangeAt(0);
  const section = (
    range.commonAncestorContainer instanceof Element ? range.commonAncestorContainer : range.commonAncestorContainer.parentElement
  )?.closest<HTMLElement>('section.reader-chapter');
  if (!section || !container.contains(section)) return null;
  const quote = createQuote(
    section.textContent ?? '',
    offsetOf(section, range.startContainer, range.startOffset),
    offsetOf(section, range.endContainer, range.endOffset),
  );
  return { chapterId: section.dataset.chapterId!, quote, rect: range.getBoundingClientRect() };
}
