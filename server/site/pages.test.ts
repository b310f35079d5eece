/** A page's HTML carries the visitor's session (the boot block) through the real client mount and session check. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BookDetailResponse, HomeBooksResponse } from '../../sync/api/books';
import { PageBootSchema } from '../../sync/api/session';
import { libraryProgress, progressId } from '../../sync/collections/library-progress';
import { buildSignedInUser } from '../admin/test-helpers';
import { epub3 } from '../books/epub/test-epubs';
import { importPublishedBook } from '../books/test-books';
import { writeServerDoc } from '../sync/server-write';
import { mountClient } from '../static';
import { buildTestContext, type TestContext } from '../test/test-context';
import { sitePages } from './pages';
import sharp from 'sharp';
import type { StoreBook } from '../../sync/api/store';
import { BOOK_CARD_COVER_SIZES, BOOK_PAGE_COVER_SIZES } from '../../sync/store/book-page-cover';
import { escapeHtml } from '../../sync/text/escape-html';

let t: TestContext;
let clientDir: string;
beforeEach(async () => {
  t = await buildTestContext();
  // dist/ in a folder of its own: the per-request renderer's build is its sibling, dist-prerender/.
  clientDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quire-client-')), 'dist');
  fs.mkdirSync(clientDir);
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>Quire</title><script>var theme = 1;</script></head><body>\n    <div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(clientDir, 'prerendered.json'),
    JSON.stringify({ '/': { html: '<h1>Books worth staying up for.</h1>', styles: ['/assets/home.css'] } }),
  );
  mountClient(t.app, clientDir, sitePages(t.ctx, 'https://quire.example', clientDir));
});
afterEach(async () => {
  await t.close();
  fs.rmSync(path.dirname(clientDir), { recursive: true, force: true });
});

async function bootOf(res: Response) {
  const html = await res.text();
  const match = /<script id="quire-boot" type="application\/json">(.*?)<\/script>/s.exec(html);
  expect(match, html).not.toBeNull();
  return { html, boot: PageBootSchema.parse(JSON.parse(match![1]!)) };
}

describe('the session in the page', () => {
  it('is null for a visitor, and for a cookie that names no session', async () => {
    expect((await bootOf(await t.request('/store'))).boot.session).toEqual({ user: null });
    const res = await t.request('/books', { headers: { cookie: 'quire_session=forged' } });
    expect((await bootOf(res)).boot.session).toEqual({ user: null });
  });

  it('is the account GET /api/auth/me gives, escaped so no name can close the script element', async () => {
    const { cookie } = await buildSignedInUser(t.ctx, { displayName: 'Ada </script><script>alert(1)</script>', roles: ['author'] });
    const page = await bootOf(await t.request('/books', { headers: { cookie } }));
    const me = await (await t.request('/api/auth/me', { headers: { cookie } })).json();
    expect(page.boot.session).toEqual(me);
    expect(page.html).not.toContain('</script><script>alert(1)');
    const res = await t.request('/', { headers: { cookie } });
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    // The boot block is data: the page's CSP hashes only index.html's own script.
    expect(res.headers.get('content-security-policy')?.match(/'sha256-/g)).toHaveLength(1);
  });
});

describe('the prerendered first paint', () => {
  it('is sent to visitors, inert and with its stylesheets, but not to signed-in people, who see their own page', async () => {
    const visitor = await (await t.request('/')).text();
    expect(visitor).toContain('<div id="root" data-prerendered inert><h1>Books worth staying up for.</h1></div>');
    expect(visitor).toContain('<link rel="stylesheet" crossorigin href="/assets/home.css"></head>');
    expect(visitor).toContain('<script id="quire-boot" type="application/json">');
    const { cookie } = await buildSignedInUser(t.ctx);
    const member = await (await t.request('/', { headers: { cookie } })).text();
    expect(member).toContain('<div id="root"></div>');
    expect(member).not.toContain('home.css');
    // A page without a prerendered paint, or asked with a query, is index.html as it is.
    expect(await (await t.request('/?q=salt')).text()).toContain('<div id="root"></div>');
    expect(await (await t.request('/books')).text()).toContain('<div id="root"></div>');
  });
});

describe("a book reader's preloads", () => {
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="preload" href="([^"]+)" as="(\w+)"( crossorigin)?>/g)].map((m) => `${m[2]}${m[3] ?? ''} ${m[1]}`);

  it('name the book, the chapter the reader opens at and its stylesheets, for a reader who may read it', async () => {
    const author = await buildSignedInUser(t.ctx, { roles: ['author'] });
    const bookId = await importPublishedBook(t, author.cookie, epub3());
    const book = (await (await t.request(`/api/books/${bookId}`, { cookie: author.cookie })).json()) as BookDetailResponse;
    const first = book.chapters.find((c) => c.readable)!;
    const last = book.chapters.at(-1)!;
    expect(last.id).not.toBe(first.id);
    const page = async (path: string) => preloads(await (await t.request(path, { headers: { cookie: author.cookie } })).text());
    expect(await page(`/books/${bookId}`)).toEqual([
      `fetch crossorigin /api/books/${bookId}`,
      `fetch crossorigin /api/books/${bookId}/chapters/${first.id}`,
      ...book.stylesheets.map((href) => `style ${href}`),
    ]);
    // Where the reader left off, as replicated: that chapter.
    const position = { chapterId: last.id, quote: { exact: 'x', prefix: '', suffix: '' }, chapterFraction: 0.5, progress: 0.7 };
    const id = progressId(author.user.id, bookId);
    await writeServerDoc(t.ctx, libraryProgress, { id, ownerId: author.user.id, bookId, position, updatedAt: 1 });
    expect((await page(`/books/${bookId}/flow`))[1]).toBe(`fetch crossorigin /api/books/${bookId}/chapters/${last.id}`);

    // Nothing for a visitor, a book one may not see, or another page.
    expect(preloads(await (await t.request(`/books/${bookId}`)).text())).toEqual([]);
    expect(await page('/books/no-such-book')).toEqual([]);
    expect(await page('/books/%E0%A4%A')).toEqual([]);
    expect(await page('/wishlist')).toEqual([]);
  });
});

describe('the preloads and answers of a page not drawn on the server', () => {
  const links = (html: string) => [...html.matchAll(/<link rel="preload" ([^>]+)>/g)].map((m) => m[1]);

  it("name a store book's cover, the AVIF source <picture> will pick when there are variants, and carry the book's answer", async () => {
    const author = await buildSignedInUser(t.ctx, { roles: ['author'] });
    const cover = await sharp({ create: { width: 480, height: 768, channels: 3, background: '#23466e' } })
      .jpeg()
      .toBuffer();
    const bookId = await importPublishedBook(t, author.cookie, epub3({ cover: { path: 'images/cover.jpg', mediaType: 'image/jpeg', bytes: cover } }));
    const book = (await (await t.request(`/api/store/books/${bookId}`)).json()) as StoreBook;
    expect(book.coverSet?.avif).toBeTruthy();
    const coverLink = `href="${escapeHtml(book.coverUrl!)}" as="image" fetchpriority="high" imagesrcset="${escapeHtml(book.coverSet!.avif!)}" imagesizes="${BOOK_PAGE_COVER_SIZES}" type="image/avif"`;
    const response = await t.request(`/book/${bookId}`, { headers: { cookie: author.cookie } });
    const html = await response.text();
    expect(links(html)).toEqual([coverLink]);
    expect((await bootOf(new Response(html))).boot.queries).toEqual([[['store', 'book', bookId], book]]);
    // A visitor's page, when this build cannot draw it, gets the same.
    expect(links(await (await t.request(`/book/${bookId}`)).text())).toEqual([coverLink]);

    // The home page: its books, and the first featured cover at a large card's width.
    const home = await bootOf(await t.request('/', { headers: { cookie: author.cookie } }));
    const homeBooks = (await (await t.request('/api/books/home')).json()) as HomeBooksResponse;
    expect(home.boot.queries).toEqual([[['books', 'home'], homeBooks]]);
    const first = homeBooks.featured[0];
    expect(links(home.html)).toEqual(first?.coverUrl ? [expect.stringContaining(`imagesizes="${BOOK_CARD_COVER_SIZES.lg}"`)] : []);

    // Nothing for a book the store does not have, or a path that is not one.
    expect(links(await (await t.request('/book/no-such-book')).text())).toEqual([]);
    const bad = await t.request('/book/%E0%A4%A');
    expect(bad.status).toBe(200);
    expect(links(await bad.text())).toEqual([]);
    expect((await t.request('/author/%E0%A4%A')).status).toBe(200);
  });
});

describe("a prerendered page's code", () => {
  it("starts after the first frame: the entry and the page's modules are named as data for index.html's loader, not run at once", async () => {
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script></head><body>\n    <div id="root"></div></body></html>',
    );
    fs.writeFileSync(
      path.join(clientDir, 'prerendered.json'),
      JSON.stringify({ '/store': { html: '<h1>Store</h1>', styles: ['/assets/store.css'], scripts: ['/assets/store-page.js', '/assets/book-card.js'] } }),
    );
    const visitor = await (await t.request('/store')).text();
    expect(visitor).not.toContain('<script type="module"');
    const plan = /<script id="quire-entry" type="application\/json">(.*?)<\/script>/.exec(visitor)?.[1];
    expect(JSON.parse(plan!)).toEqual({ entry: '/assets/index-1.js', modules: ['/assets/store-page.js', '/assets/book-card.js'] });
    // Signed in, the page is not prerendered: its code runs at once.
    const { cookie } = await buildSignedInUser(t.ctx);
    const member = await (await t.request('/store', { headers: { cookie } })).text();
    expect(member).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(member).not.toContain('quire-entry');
    // … and its own modules are fetched beside the entry.
    expect(member).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/store-page.js"><link rel="modulepreload" crossorigin href="/assets/book-card.js">',
    );
    // A page whose code alone the build names (the reader): never a first paint, its code named for everyone.
    fs.writeFileSync(path.join(clientDir, 'prerendered.json'), JSON.stringify({ '/books/:bookId': { styles: [], scripts: ['/assets/reader-page.js'] } }));
    for (const headers of [{}, { cookie }] as Record<string, string>[]) {
      const reader = await (await t.request('/books/some-book', { headers })).text();
      expect(reader).toContain('<div id="root"></div>');
      expect(reader).toContain('<link rel="modulepreload" crossorigin href="/assets/reader-page.js">');
      expect(reader).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    }
    expect(visitor).not.toContain('modulepreload');
  });
});

describe('a store page drawn with its data', () => {
  /** A stand-in for dist-prerender/prerender.js (src/prerender.tsx), which only a client build makes. */
  function fakeRenderer(body: string) {
    fs.mkdirSync(path.join(path.dirname(clientDir), 'dist-prerender'));
    fs.writeFileSync(path.join(path.dirname(clientDir), 'dist-prerender', 'prerender.js'), `export async function renderWithData(data) { ${body} }`);
    fs.writeFileSync(
      path.join(clientDir, 'prerendered.json'),
      JSON.stringify({
        '/store': { html: '<p>Loading the store…</p>', styles: ['/assets/store.css'] },
        '/book/:bookId': { html: '<p>Loading the book…</p>', styles: ['/assets/book.css'] },
      }),
    );
  }

  it("replaces the build's first paint for visitors, and the page carries the answers it was drawn from", async () => {
    fakeRenderer(
      "const value = data.book ?? data.home ?? data.books; return { html: '<h1>' + data.page + (data.book ? ': ' + data.book.title : '') + '</h1>', queries: [[['q', data.page], value]] };",
    );
    fs.writeFileSync(
      path.join(clientDir, 'prerendered.json'),
      JSON.stringify({
        '/': { html: '<p>Loading home…</p>', styles: [] },
        '/store': { html: '<p>Loading the store…</p>', styles: ['/assets/store.css'] },
        '/book/:bookId': { html: '<p>Loading the book…</p>', styles: ['/assets/book.css'] },
      }),
    );
    const author = await buildSignedInUser(t.ctx, { roles: ['author'] });
    const bookId = await importPublishedBook(t, author.cookie, epub3());
    const book = (await (await t.request(`/api/store/books/${bookId}`)).json()) as StoreBook;
    const page = await bootOf(await t.request(`/book/${bookId}`));
    expect(page.html).toContain(`<div id="root" data-prerendered inert><h1>book: ${escapeHtml(book.title)}</h1></div>`);
    expect(page.html).toContain('<link rel="stylesheet" crossorigin href="/assets/book.css">');
    expect(page.boot.queries).toEqual([[['q', 'book'], book]]);
    expect(page.html).not.toContain('rel="preload"'); // the cover is in the page, and the book in its answers
    const storeFront = await (await t.request('/api/store')).json();
    expect((await bootOf(await t.request('/store'))).boot.queries).toEqual([[['q', 'store'], storeFront]]);
    const homeBooks = await (await t.request('/api/books/home')).json();
    const home = await bootOf(await t.request('/'));
    expect(home.html).toContain('<h1>home</h1>');
    expect(home.boot.queries).toEqual([[['q', 'home'], homeBooks]]);
    // A book the store does not have, a search: the build's first paint or none, and no answers.
    const missing = await bootOf(await t.request('/book/no-such-book'));
    expect(missing.html).toContain('<p>Loading the book…</p>');
    expect(missing.boot.queries).toBeUndefined();
    expect((await bootOf(await t.request('/store?q=salt'))).boot.queries).toBeUndefined();
    // A signed-in person's page is not drawn, but comes with the same answer, by the app's key.
    const member = await bootOf(await t.request(`/book/${bookId}`, { headers: { cookie: author.cookie } }));
    expect(member.html).toContain('<div id="root"></div>');
    expect(member.boot.queries).toEqual([[['store', 'book', bookId], book]]);
  });

  it("falls back to the build's first paint when drawing fails", async () => {
    fakeRenderer("throw new Error('a component broke');");
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const page = await bootOf(await t.request('/store'));
      expect(page.html).toContain('<div id="root" data-prerendered inert><p>Loading the store…</p></div>');
      // The app takes over with the answers the page would have been drawn from.
      expect(page.boot.queries).toEqual([[['store', 'home'], await (await t.request('/api/store')).json()]]);
      expect(errors).toHaveLength(1);
    } finally {
      console.error = original;
    }
  });
});
