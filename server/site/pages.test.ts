/** A page's HTML carries the visitor's session (the boot block) through the real client mount and session check. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BookDetailResponse } from '../../sync/api/books';
import { PageBootSchema } from '../../sync/api/session';
import { libraryProgress, progressId } from '../../sync/collections/library-progress';
import { buildSignedInUser } from '../admin/test-helpers';
import { epub3 } from '../books/epub/test-epubs';
import { importPublishedBook } from '../books/test-books';
import { writeServerDoc } from '../sync/server-write';
import { mountClient } from '../static';
import { buildTestContext, type TestContext } from '../test/test-context';
import { sitePages } from './pages';

let t: TestContext;
let clientDir: string;
beforeEach(async () => {
  t = await buildTestContext();
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-client-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>Quire</title><script>var theme = 1;</script></head><body>\n    <div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(clientDir, 'prerendered.json'),
    JSON.stringify({ '/': { html: '<h1>Books worth staying up for.</h1>', styles: ['/assets/home.css'] } }),
  );
  mountClient(t.app, clientDir, sitePages(t.ctx, 'https://quire.example'));
});
afterEach(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
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
    expect(await page(`/book/${bookId}`)).toEqual([]);
  });
});
