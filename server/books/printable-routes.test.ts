import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PrintableBookResponse } from '../../sync/api/books';
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
  const author = await buildSignedInUser(t.ctx, { roles: ['author'] });
  authorCookie = author.cookie;
  bookId = await importPublishedBook(t, authorCookie, epub3());
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

const printable = (cookie?: string, id = bookId) => t.request(`/api/books/${id}/printable`, { cookie });

describe('printable API', () => {
  it('gives the whole book, every chapter with its text, to the importing author and an admin', async () => {
    for (const cookie of [authorCookie, (await buildAdmin(t.ctx)).cookie]) {
      const res = await printable(cookie);
      expect(res.status).toBe(200);
      const body = (await res.json()) as PrintableBookResponse;
      expect(body.book.access).toBe('full');
      expect(body.chapters.map((c) => c.id)).toEqual(body.book.chapters.map((c) => c.id));
      expect(body.chapters.every((c) => c.xhtml.startsWith('<div class="quire-body"'))).toBe(true);
      expect(body.chapters.map((c) => c.ord)).toEqual([0, 1, 2]);
    }
  });

  it('lets an owner print once the book is in their library', async () => {
    const reader = await buildSignedInUser(t.ctx);
    expect((await printable(reader.cookie)).status).toBe(403);
    await t.request(`/api/books/${bookId}/claim`, { method: 'POST', cookie: reader.cookie });
    expect((await printable(reader.cookie)).status).toBe(200);
  });

  it('refuses a sample reader (403), a visitor (401), and hides unpublished or unknown books (404)', async () => {
    const stranger = await buildSignedInUser(t.ctx);
    const refused = await printable(stranger.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await printable()).status).toBe(401);
    expect((await printable(stranger.cookie, 'no-such-book')).status).toBe(404);
    await t.ctx.db.updateTable('books').set({ status: 'draft' }).where('id', '=', bookId).execute();
    expect((await printable(stranger.cookie)).status).toBe(404);
    expect((await printable(authorCookie)).status).toBe(200);
  });
});
