import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookDetailResponse, ChapterResponse } from '../../sync/api/books';
import { buildAdmin, buildSignedInUser } from '../admin/test-helpers';
import { buildTestContext, type TestContext } from '../test/test-context';
import { importPublishedBook } from './test-books';
import { epub3 } from './epub/test-epubs';

let t: TestContext;
let bookId: string;
let authorCookie: string;
beforeEach(async () => {
  t = await buildTestContext();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const cover = { path: 'images/cover.png', mediaType: 'image/png', bytes: new Uint8Array([137, 80, 78, 71]) };
  const author = await buildSignedInUser(t.ctx, { roles: ['author'] });
  authorCookie = author.cookie;
  bookId = await importPublishedBook(t, authorCookie, epub3({ cover }));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

const detail = async (cookie?: string) => (await (await t.request(`/api/books/${bookId}`, { cookie })).json()) as BookDetailResponse;

describe('reading API', () => {
  it('describes a book with contents and marks the free sample (first linear chapter)', async () => {
    const book = await detail();
    expect(book.access).toBe('sample');
    expect(book.chapters).toHaveLength(3);
    expect(book.sampleChapterId).toBe(book.chapters[1]!.id);
    expect(book.chapters.map((c) => c.readable)).toEqual([false, true, false]);
    expect(book.toc).toHaveLength(3);
    expect(book.stylesheets[0]).toMatch(/\/assets\/css\/book\.css$/);
    expect((await detail(authorCookie)).access).toBe('full');
  });

  it('serves the sample to everyone, other chapters with 401 / 403 / 200 by entitlement', async () => {
    const book = await detail();
    const [, sample, rest] = book.chapters;
    const get = (id: string, cookie?: string) => t.request(`/api/books/${bookId}/chapters/${id}`, { cookie });
    const open = await get(sample!.id);
    expect(open.status).toBe(200);
    expect(((await open.json()) as ChapterResponse).xhtml).toContain('Departure');
    expect((await get(rest!.id)).status).toBe(401);
    const reader = await buildSignedInUser(t.ctx);
    const refused = await get(rest!.id, reader.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await get(rest!.id, authorCookie)).status).toBe(200);
    expect((await get(rest!.id, (await buildAdmin(t.ctx)).cookie)).status).toBe(200);
    expect((await get('nope', authorCookie)).status).toBe(404);
    expect((await t.request(`/api/books/nope/chapters/${rest!.id}`)).status).toBe(404);
  });

  it('lets a reader claim a free book and then read all of it', async () => {
    const reader = await buildSignedInUser(t.ctx);
    expect((await t.request(`/api/books/${bookId}/claim`, { method: 'POST' })).status).toBe(401);
    expect((await t.request(`/api/books/${bookId}/claim`, { method: 'POST', cookie: reader.cookie })).status).toBe(200);
    expect((await detail(reader.cookie)).access).toBe('full');
    await t.ctx.db.updateTable('books').set({ priceCents: 499 }).where('id', '=', bookId).execute();
    const other = await buildSignedInUser(t.ctx);
    expect((await t.request(`/api/books/${bookId}/claim`, { method: 'POST', cookie: other.cookie })).status).toBe(403);
  });

  it('hides an unpublished book from everyone but those entitled', async () => {
    await t.ctx.db.updateTable('books').set({ status: 'draft' }).where('id', '=', bookId).execute();
    expect((await t.request(`/api/books/${bookId}`)).status).toBe(404);
    expect((await t.request(`/api/books/${bookId}`, { cookie: authorCookie })).status).toBe(200);
  });

  it('serves assets with their type, nosniff and a sandbox; CSS as text/css; the cover to all', async () => {
    const css = await t.request(`/api/books/${bookId}/assets/css/book.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('x-content-type-options')).toBe('nosniff');
    expect(css.headers.get('content-security-policy')).toContain('sandbox');
    expect(await css.text()).toContain(`.quire-book[data-book="${bookId}"]`);
    const cover = await t.request(`/api/books/${bookId}/assets/images/cover.png`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
    expect((await t.request(`/api/books/${bookId}/assets/images/missing.png`)).status).toBe(404);
  });
});
