import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookImportResponse, ImportStartedResponse } from '../../../sync/api/books';
import { CanonicalBookSchema, type TocEntry } from '../../../sync/book-format';
import { buildSignedInUser } from '../../admin/test-helpers';
import { buildTestContext, type TestContext } from '../../test/test-context';
import { loadBook } from '../load-book';
import { epub3 } from './test-epubs';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

async function importAs(cookie: string, bytes: Uint8Array): Promise<BookImportResponse> {
  const res = await t.request('/api/books/import', {
    method: 'POST',
    cookie,
    headers: { 'content-type': 'application/epub+zip' },
    body: new Uint8Array(bytes),
  });
  expect(res.status).toBe(202);
  const { importId } = (await res.json()) as ImportStartedResponse;
  await t.worker.drain();
  return (await (await t.request(`/api/books/imports/${importId}`, { cookie })).json()) as BookImportResponse;
}

async function bookRowCounts() {
  const n = async (table: 'books' | 'bookChapters' | 'bookAssets' | 'libraryEntries') => (await t.ctx.db.selectFrom(table).selectAll().execute()).length;
  return { books: await n('books'), chapters: await n('bookChapters'), assets: await n('bookAssets'), library: await n('libraryEntries') };
}

describe('POST /api/books/import', () => {
  it('imports an EPUB as a draft in the uploader library; importing again updates the same book', async () => {
    const { cookie, user } = await buildSignedInUser(t.ctx, { roles: ['author'] });
    const result = await importAs(cookie, epub3());
    expect(result).toMatchObject({ status: 'done', error: null });
    const stored = await loadBook(t.ctx, result.bookId!);
    expect(stored!.book.chapters).toHaveLength(3);
    const entry = await t.ctx.db.selectFrom('libraryEntries').selectAll().where('userId', '=', user.id).executeTakeFirstOrThrow();
    expect(entry.bookId).toBe(result.bookId);
    const again = await importAs(cookie, epub3());
    expect(again.bookId).toBe(result.bookId);
    expect((await bookRowCounts()).books).toBe(1);
  });

  it('refuses readers (403), the signed out (401), other content types (400) and oversize bodies (413)', async () => {
    const reader = await buildSignedInUser(t.ctx);
    const author = await buildSignedInUser(t.ctx, { roles: ['publisher'] });
    const post = (init: RequestInit & { cookie?: string }) => t.request('/api/books/import', { method: 'POST', ...init });
    expect((await post({ headers: { 'content-type': 'application/epub+zip' }, body: epub3() })).status).toBe(401);
    expect((await post({ cookie: reader.cookie, headers: { 'content-type': 'application/epub+zip' }, body: epub3() })).status).toBe(403);
    expect((await post({ cookie: author.cookie, headers: { 'content-type': 'application/pdf' }, body: epub3() })).status).toBe(400);
    const big = await post({
      cookie: author.cookie,
      headers: { 'content-type': 'application/epub+zip', 'content-length': String(60 * 1024 * 1024) },
      body: epub3(),
    });
    expect(big.status).toBe(413);
  });

  it('records a clear reason for a hostile archive and writes no book rows', async () => {
    const { cookie } = await buildSignedInUser(t.ctx, { roles: ['author'] });
    const before = await bookRowCounts();
    const result = await importAs(cookie, epub3({ extraFiles: { '../../escape.txt': 'x' } }));
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/unsafe path/);
    expect(await bookRowCounts()).toEqual(before);
    const notZip = await importAs(cookie, new TextEncoder().encode('not a zip at all'));
    expect(notZip.error).toMatch(/not a ZIP/);
  });

  it('records "nested too deeply" for a chapter of 20,000 nested elements, not an error on our side', async () => {
    const { cookie } = await buildSignedInUser(t.ctx, { roles: ['author'] });
    const body = `${'<div>'.repeat(20_000)}deep${'</div>'.repeat(20_000)}`;
    const result = await importAs(cookie, epub3({ chapters: [{ id: 'c1', title: 'One', body }] }));
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/is nested too deeply/);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('hides an import from other accounts', async () => {
    const a = await buildSignedInUser(t.ctx, { roles: ['author'] });
    const b = await buildSignedInUser(t.ctx, { roles: ['author'] });
    const result = await importAs(a.cookie, epub3());
    expect((await t.request(`/api/books/imports/${result.id}`, { cookie: b.cookie })).status).toBe(404);
  });
});

const FIXTURES = path.resolve(process.cwd(), '../shared/fixtures/epub');

function flatten(entries: TocEntry[]): TocEntry[] {
  return entries.flatMap((e) => [e, ...flatten(e.children)]);
}

if (fs.existsSync(FIXTURES)) {
  describe('real EPUB samples from ../shared/fixtures/epub', () => {
    const files = fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.epub'));
    it.each(files)('%s imports with every spine item, a working contents and no script', async (file) => {
      const { cookie } = await buildSignedInUser(t.ctx, { roles: ['publisher'] });
      const started = performance.now();
      const result = await importAs(cookie, fs.readFileSync(path.join(FIXTURES, file)));
      const ms = performance.now() - started;
      expect(result.error).toBeNull();
      const stored = (await loadBook(t.ctx, result.bookId!))!;
      const book = CanonicalBookSchema.parse(stored.book);
      const { readPackage } = await import('./build-book');
      expect(book.chapters).toHaveLength(readPackage(fs.readFileSync(path.join(FIXTURES, file))).pkg.spine.length);
      expect(book.toc.length).toBeGreaterThan(0);
      const ids = new Set(book.chapters.map((c) => c.id));
      for (const entry of flatten(book.toc)) expect(ids.has(entry.chapterId)).toBe(true);
      for (const c of book.chapters) expect(c.xhtml).not.toMatch(/<\s*script|<[^>]*\son[a-z]+\s*=|<[^>]*javascript:/i);
      if (file === 'moby-dick.epub') {
        console.info(`[import] moby-dick.epub: ${book.chapters.length} chapters in ${ms.toFixed(0)} ms`);
        expect(ms).toBeLessThan(10_000);
      }
    });
  });
} else {
  describe('real EPUB samples', () => {
    it('are skipped because ../shared/fixtures is absent', () => {
      console.info(`[import] real-sample tests skipped: ${FIXTURES} (../shared/fixtures) is absent`);
      expect(fs.existsSync(FIXTURES)).toBe(false);
    });
  });
}
