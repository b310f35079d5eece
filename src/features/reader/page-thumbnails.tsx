/**
 * The "Pages" drawer of a fixed-layout book: every page as a small picture of itself, to jump
 * to. A picture is drawn only once it scrolls near (an IntersectionObserver), then stays. Each
 * is drawn in its own shadow root: the book's ids and links never meet the open page's (the same
 * page is often open beside its thumbnail), and the book's stylesheets, linked in that root,
 * still address the page through its scope.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { BookDetailResponse } from '../../../sync/api/books';
import { fixedPages, type FixedPage } from './fixed-layout';
import { loadChapter } from './use-book';

const THUMB_WIDTH = 132;
/** A reflowable item has no size of its own: drawn as a portrait page. */
const REFLOW_SIZE = { width: 600, height: 800 };
/**
 * reader.css does not reach into a shadow root: the page box's defaults again (white paper, the
 * browser's default text), with no specificity, so the book's own rules win as they do on the page.
 */
const PAGE_CSS = `:host { display: block; overflow: hidden; contain: strict; background: #fff; }
:where(.scale) { transform-origin: 0 0; overflow: hidden; background: #fff; color: #000; font: 16px/normal serif; }
:where(.quire-book) { position: relative; width: 100%; height: 100%; overflow: hidden; }
:where(.reader-chapter), :where(.quire-body) { height: 100%; }
:where(.reflow .quire-book) { padding: 24px; box-sizing: border-box; font: 20px/1.5 serif; }`;

export function PageThumbnails({ book, currentId, onGo }: { book: BookDetailResponse; currentId: string | undefined; onGo: (chapterId: string) => void }) {
  const pages = useMemo(() => fixedPages(book), [book]);
  const list = useRef<HTMLOListElement>(null);
  // Opening the drawer shows where the reader is.
  useEffect(() => {
    list.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <ol className="reader-thumbs" ref={list}>
      {pages.map((page) => (
        <li key={page.id}>
          <button
            type="button"
            className="reader-thumb"
            aria-current={page.id === currentId ? 'page' : undefined}
            aria-label={/^Page \d+$/.test(page.title) ? `Page ${page.number}` : `Page ${page.number}: ${page.title}`}
            onClick={() => onGo(page.id)}
          >
            <PagePicture book={book} page={page} />
            <span className="reader-thumb-number" aria-hidden="true">
              {page.number}
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}

function PagePicture({ book, page }: { book: BookDetailResponse; page: FixedPage }) {
  const host = useRef<HTMLDivElement>(null);
  const size = page.viewport ?? REFLOW_SIZE;
  const scale = THUMB_WIDTH / size.width;
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let live = true;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        loadChapter(book, page.id).then(
          (chapter) => live && drawPage(el, book, page, scale, chapter.xhtml),
          () => undefined, // the number still stands for the page
        );
      },
      { rootMargin: '400px' },
    );
    observer.observe(el);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [book, page, scale]);
  return <div ref={host} className="reader-thumb-page" style={{ width: THUMB_WIDTH, height: size.height * scale }} aria-hidden="true" inert />;
}

function drawPage(host: HTMLElement, book: BookDetailResponse, page: FixedPage, scale: number, xhtml: string) {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = PAGE_CSS;
  const links = book.stylesheets.map((href) => Object.assign(document.createElement('link'), { rel: 'stylesheet', href }));
  const size = page.viewport ?? REFLOW_SIZE;
  const box = document.createElement('div');
  box.className = page.viewport ? 'scale' : 'scale reflow';
  Object.assign(box.style, { width: `${size.width}px`, height: `${size.height}px`, transform: `scale(${scale})` });
  const scope = document.createElement('div');
  scope.className = page.viewport ? 'quire-book quire-fxl' : 'quire-book';
  scope.dataset.book = book.id;
  if (book.language) scope.lang = book.language;
  const section = document.createElement('section');
  section.className = 'reader-chapter';
  // The same sanitised XHTML the reader shows; a picture of a page has nothing to follow.
  section.innerHTML = xhtml;
  for (const a of section.querySelectorAll('a[href]')) a.removeAttribute('href');
  for (const s of section.querySelectorAll('summary')) s.replaceWith(...s.childNodes);
  scope.append(section);
  box.append(scope);
  root.replaceChildren(style, ...links, box);
}
