import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BookDetailSchema, type BookDetailResponse, type ChapterResponse } from '../../sync/api/books';
import { buildSignedInUser } from '../admin/test-helpers';
import { buildTestContext, type TestContext } from '../test/test-context';
import { loadBook } from './load-book';
import { saveBook } from './save-book';
import { importPublishedBook } from './test-books';
import { epub3, fixedLayoutEpub } from './epub/test-epubs';

let t: TestContext;
let cookie: string;
beforeEach(async () => {
  t = await buildTestContext();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  cookie = (await buildSignedInUser(t.ctx, { roles: ['author'] })).cookie;
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

const detail = async (id: string, as?: string) => {
  const res = await t.request(`/api/books/${id}`, { cookie: as });
  expect(res.status).toBe(200);
  return BookDetailSchema.parse(await res.json()) as BookDetailResponse;
};

describe('an imported fixed-layout EPUB', () => {
  it('keeps its layout, spread rule, page sides and sizes through the import and the reading API', async () => {
    const bookId = await importPublishedBook(t, cookie, fixedLayoutEpub({ rtl: true }));
    const book = await detail(bookId, cookie);
    expect(book).toMatchObject({ layout: 'pre-paginated', spread: 'auto', direction: 'rtl' });
    expect(book.chapters.map((c) => c.viewport)).toEqual(Array(6).fill({ width: 600, height: 800 }));
    expect(book.chapters.map((c) => c.pageSpread ?? null)).toEqual(['right', null, null, null, null, null]);

    // A page is still sanitised XHTML, with its positioned boxes; the SVG page is an image of itself.
    const page = (await (await t.request(`/api/books/${bookId}/chapters/${book.chapters[1]!.id}`, { cookie })).json()) as ChapterResponse;
    expect(page.xhtml).toContain('position: absolute');
    const svgPage = (await (await t.request(`/api/books/${bookId}/chapters/${book.chapters[5]!.id}`, { cookie })).json()) as ChapterResponse;
    expect(svgPage.xhtml).toContain(`/api/books/${bookId}/assets/p6.svg`);
    const svg = await t.request(`/api/books/${bookId}/assets/p6.svg`, { cookie });
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('reads back from the database as it was saved, so importing it again changes nothing', async () => {
    const bookId = await importPublishedBook(t, cookie, fixedLayoutEpub());
    const stored = (await loadBook(t.ctx, bookId))!;
    expect(stored.book.layout).toBe('pre-paginated');
    expect(stored.book.chapters[0]).toMatchObject({ layout: 'pre-paginated', pageSpread: 'right', viewport: { width: 600, height: 800 } });
    const again = await saveBook(t.ctx, { book: stored.book, assetHashes: stored.assetHashes, status: 'published' });
    expect(again.changed).toBe(false);
  });

  it('leaves the answer for a reflowable book as it was: no layout fields', async () => {
    const bookId = await importPublishedBook(t, cookie, epub3());
    const raw = (await (await t.request(`/api/books/${bookId}`, { cookie })).json()) as Record<string, unknown>;
    expect(raw).not.toHaveProperty('layout');
    expect(raw).not.toHaveProperty('spread');
    expect((raw.chapters as Record<string, unknown>[]).every((c) => !('viewport' in c) && !('pageSpread' in c))).toBe(true);
  });
});
