import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LibraryResponse } from '../../sync/api/library';
import { buildSignedInUser } from '../admin/test-helpers';
import { epub3 } from '../books/epub/test-epubs';
import { buildTestContext, type TestContext } from '../test/test-context';
import { importPublishedBook } from '../books/test-books';

let t: TestContext;
let bookId: string;
beforeEach(async () => {
  t = await buildTestContext();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const cover = { path: 'images/cover.png', mediaType: 'image/png', bytes: new Uint8Array([137, 80, 78, 71]) };
  const author = await buildSignedInUser(t.ctx, { roles: ['author'] });
  bookId = await importPublishedBook(t, author.cookie, epub3({ cover }));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

describe('GET /api/library', () => {
  it('needs a session', async () => {
    expect((await t.request('/api/library')).status).toBe(401);
  });

  it('lists only the books I own, with authors and a cover I can load', async () => {
    const reader = await buildSignedInUser(t.ctx);
    const other = await buildSignedInUser(t.ctx);
    const list = async (cookie: string) => ((await (await t.request('/api/library', { cookie })).json()) as LibraryResponse).books;
    expect(await list(reader.cookie)).toEqual([]);
    expect((await t.request(`/api/books/${bookId}/claim`, { method: 'POST', cookie: reader.cookie })).status).toBe(200);
    const books = await list(reader.cookie);
    expect(books).toHaveLength(1);
    expect(books[0]).toMatchObject({ id: bookId, source: 'claim' });
    expect(books[0]!.authors.length).toBeGreaterThan(0);
    expect(books[0]!.coverUrl).toMatch(/\/assets\/images\/cover\.png$/);
    expect((await t.request(books[0]!.coverUrl!, { cookie: reader.cookie })).status).toBe(200);
    expect(await list(other.cookie)).toEqual([]);
  });
});
