/**
 * The print PDF export (decision 068): the print layout's pages — the HTML and CSS of /printable
 * (sync/print/print-book.ts), typeset by the same Paged.js — printed to PDF by a headless
 * Chromium on the server, so a PDF is a job like every other export. The Chromium is the
 * system's (CHROMIUM_PATH, else `chromium`, `chromium-browser` or `google-chrome` on PATH);
 * without one the export fails saying so and pointing at the print layout, which prints from the
 * reader's own browser.
 *
 * The page is cut off from the network: it lives on an origin of its own that answers only with
 * the book's own files (page.route), and every other request is refused. Chapters are sanitised
 * (no scripts); scripts stay on because Paged.js is one.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Route } from 'playwright-core';
import { printableCss, printableHtml, withTitleHeading, type PrintableInput } from '../../sync/print/print-book';
import { estimatePages, marginsFor, type Trim } from '../../sync/print/trim';
import { escapeHtml } from '../../sync/text/escape-html';
import { countWordsInXhtml } from '../../sync/text/words';
import { onUse } from '../load-on-use';
import type { ExportBook } from './epub/build-epub';
import { ExportFailure } from './failure';

const playwright = onUse<typeof import('playwright-core')>('playwright-core');
const require = createRequire(import.meta.url);

const ORIGIN = 'https://print.quire.invalid';
/** Where the page asks for a book file by its path (the cover, stylesheets). */
const ASSET = '/__asset/';
/** A book the server cannot typeset in this long is better printed from the print layout. */
const TIMEOUT_MS = 5 * 60_000;
const BROWSERS = ['chromium', 'chromium-browser', 'google-chrome'];
/** Paged.js's browser bundle: the package exports it only under the `browser` condition, which Node's resolver does not take. */
const pagedBundle = () => path.join(path.dirname(require.resolve('pagedjs')), '..', 'dist', 'paged.js');

export const CHROMIUM_MISSING =
  'Print PDFs are made by Chromium on the server, and this server has none. Open the print layout from the book and use your browser’s Print → Save as PDF instead.';

/** The Chromium to print with, or null when there is none. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = env.CHROMIUM_PATH
    ? [env.CHROMIUM_PATH]
    : (env.PATH ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .flatMap((dir) => BROWSERS.map((name) => path.join(dir, name)));
  return (
    candidates.find((file) => {
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    }) ?? null
  );
}

/** The book as the print layout takes it; manuscripts' chapters start with their title, as in the EPUB. */
function printable(source: ExportBook): PrintableInput {
  const { book } = source;
  const m = book.metadata;
  const chapters = source.titleHeadings ? book.chapters.map(withTitleHeading) : book.chapters;
  return {
    book: {
      id: m.id,
      title: m.title,
      subtitle: m.subtitle,
      publisher: m.publisher,
      language: m.language,
      direction: book.direction,
      coverUrl: book.coverPath ? `${ASSET}${encodeURI(book.coverPath)}` : null,
      contributors: m.contributors,
      toc: book.toc,
      chapters,
    },
    chapters,
  };
}

/** Answers the page's requests from the book's files; anything else does not exist. */
function serveBook(source: ExportBook, shell: string) {
  const mediaTypes = new Map(source.book.assets.map((a) => [a.path, a.mediaType]));
  return async (route: Route) => {
    const url = new URL(route.request().url());
    if (url.origin !== ORIGIN) return route.abort('blockedbyclient');
    if (url.pathname === '/') return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: shell });
    let asset: string | undefined;
    try {
      asset = url.pathname.startsWith(ASSET) ? decodeURI(url.pathname.slice(ASSET.length)) : source.assetOfSrc(url.pathname);
    } catch {
      asset = undefined;
    }
    const bytes = asset === undefined ? undefined : source.assets.get(asset);
    if (!bytes) return route.fulfill({ status: 404, body: '' });
    return route.fulfill({ status: 200, contentType: mediaTypes.get(asset!) ?? 'application/octet-stream', body: Buffer.from(bytes) });
  };
}

interface PrintOptions {
  trim: Trim;
  /** Pages typeset so far, against the pages the book is expected to have. */
  onProgress?(fraction: number): void;
  chromium?: string | null;
}

/** The book typeset at `trim` as a PDF, and its page count. */
export async function buildPrintPdf(
  source: ExportBook,
  { trim, onProgress, chromium = chromiumPath() }: PrintOptions,
): Promise<{ bytes: Uint8Array; pages: number }> {
  if (!chromium) throw new ExportFailure(CHROMIUM_MISSING);
  const input = printable(source);
  const words = input.chapters.reduce((n, c) => n + countWordsInXhtml(c.xhtml), 0);
  const expected = estimatePages(words, trim) + 4; // and the cover, title and contents pages
  const decoder = new TextDecoder();
  const css = [
    ...source.book.stylesheets.flatMap((p) => {
      const bytes = source.assets.get(p);
      return bytes ? [{ [`${ORIGIN}${ASSET}${encodeURI(p)}`]: decoder.decode(bytes) }] : [];
    }),
    { [`${ORIGIN}/quire-print.css`]: printableCss(input.book, trim, marginsFor(trim, words)) },
  ];
  const shell = `<!doctype html><html lang="${escapeHtml(input.book.language)}"><head><meta charset="utf-8"><title>${escapeHtml(input.book.title)}</title></head><body></body></html>`;

  const browser = await playwright().chromium.launch({
    executablePath: chromium,
    // Chromium refuses to start as root inside its sandbox; the page is offline and script-free but for Paged.js.
    args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    chromiumSandbox: process.getuid?.() !== 0,
    timeout: 60_000,
  });
  try {
    const page = await browser.newPage({ javaScriptEnabled: true });
    page.setDefaultTimeout(TIMEOUT_MS);
    await page.route('**/*', serveBook(source, shell));
    await page.exposeFunction('quirePageDone', (n: number) => onProgress?.(Math.min(0.95, n / expected)));
    await page.goto(`${ORIGIN}/`);
    await page.addScriptTag({ path: pagedBundle() });
    const pages = (await page.evaluate(`(${TYPESET_IN_PAGE})(${JSON.stringify({ html: printableHtml(input), css })})`)) as number;
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    return { bytes: new Uint8Array(pdf), pages };
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new ExportFailure(`Typesetting took longer than ${TIMEOUT_MS / 60_000} minutes. Print this book from its print layout instead.`);
    }
    throw error;
  } finally {
    await browser.close();
  }
}

/**
 * Runs in the page: the print layout's typesetting (src/features/printable/typeset.ts) with the
 * Paged.js bundle the page was given — images loaded before layout, a call out per page. Source
 * text, since the server is built without the DOM's types; called with its arguments as JSON.
 */
const TYPESET_IN_PAGE = `async ({ html, css }) => {
  const template = document.createElement('template');
  template.innerHTML = html;
  await Promise.all([...template.content.querySelectorAll('img')].map((img) => {
    const probe = new Image();
    probe.src = img.src;
    return probe.decode().catch(() => undefined);
  }));
  const previewer = new window.Paged.Previewer();
  let pages = 0;
  previewer.on('page', () => void window.quirePageDone(++pages));
  const flow = await previewer.preview(template.content, css, document.body);
  return flow.total;
}`;
