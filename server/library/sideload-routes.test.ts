import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookDetailResponse } from '../../sync/api/books';
import { addSideload, getLibrary, getLibraryStorage } from '../../sync/api/library';
import { searchStore } from '../../sync/api/store';
import { buildAdmin, buildSignedInUser } from '../admin/test-helpers';
import { drmEpub, epub3 } from '../books/epub/test-epubs';
import { importPublishedBook } from '../books/test-books';
import type { Config } from '../config';
import { storeIndex } from '../search/store-index';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';

let t: TestContext;
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

const cover = { path: 'images/cover.png', mediaType: 'image/png', bytes: new Uint8Array([137, 80, 78, 71, 1, 2, 3]) };
const ownEpub = () => epub3({ identifier: 'urn:uuid:own-copy-1', title: 'Zephyrine Notebooks', cover });

async function setup(overrides: Partial<Config> = {}) {
  t = await buildTestContext(overrides);
  return buildSignedInUser(t.ctx);
}

function sideload(cookie: string | undefined, bytes: Uint8Array, headers: Record<string, string> = {}) {
  return t.request('/api/library/sideloads', {
    method: 'POST',
    cookie,
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    headers: { 'content-type': 'application/octet-stream', ...headers },
  });
}

const library = async (cookie: string) => (await answerOf(await t.request('/api/library', { cookie }), getLibrary)).books;
const storage = async (cookie: string) => answerOf(await t.request('/api/library/storage', { cookie }), getLibraryStorage);
const blobFile = (hash: string) => path.join(t.config.dataDir, 'blobs', hash.slice(0, 2), hash);

describe('POST /api/library/sideloads', () => {
  it('adds a reader’s EPUB to their library as a private book they can read in full', async () => {
    const reader = await setup();
    const bytes = ownEpub();
    const res = await sideload(reader.cookie, bytes);
    expect(res.status).toBe(201);
    const { book, usedBytes } = await answerOf(res, addSideload);
    expect(book).toMatchObject({ title: 'Zephyrine Notebooks', authors: ['Ann Author'], sideloaded: true, source: 'author' });
    expect(usedBytes).toBe(bytes.byteLength);
    expect((await library(reader.cookie)).map((b) => b.id)).toEqual([book.id]);
    expect((await storage(reader.cookie)).usedBytes).toBe(bytes.byteLength);

    const detail = (await (await t.request(`/api/books/${book.id}`, { cookie: reader.cookie })).json()) as BookDetailResponse;
    expect(detail.access).toBe('full');
    expect(detail.status).toBe('draft');
    for (const chapter of detail.chapters) {
      expect((await t.request(`/api/books/${book.id}/chapters/${chapter.id}`, { cookie: reader.cookie })).status).toBe(200);
    }
    expect((await t.request(book.coverUrl!, { cookie: reader.cookie })).status).toBe(200);

    // The same bytes again update the same book and cost nothing more.
    const again = await answerOf(await sideload(reader.cookie, bytes), addSideload);
    expect(again.book.id).toBe(book.id);
    expect(again.usedBytes).toBe(bytes.byteLength);
    expect(await library(reader.cookie)).toHaveLength(1);
  });

  it('hides the book from everyone else, admins included: 404 on its API, chapters and files', async () => {
    const reader = await setup();
    const { book } = await answerOf(await sideload(reader.cookie, ownEpub()), addSideload);
    const detail = (await (await t.request(`/api/books/${book.id}`, { cookie: reader.cookie })).json()) as BookDetailResponse;
    const other = await buildSignedInUser(t.ctx);
    const admin = await buildAdmin(t.ctx);
    for (const cookie of [other.cookie, admin.cookie, undefined]) {
      expect((await t.request(`/api/books/${book.id}`, { cookie })).status).toBe(404);
      expect((await t.request(`/api/books/${book.id}/chapters/${detail.chapters[1]!.id}`, { cookie })).status).toBe(404);
      expect((await t.request(book.coverUrl!, { cookie })).status).toBe(404);
      expect((await t.request(`/api/books/${book.id}/cover`, { cookie })).status).toBe(404);
      if (cookie) expect((await t.request(`/api/books/${book.id}/printable`, { cookie })).status).toBe(404);
      expect((await t.request(`/api/store/books/${book.id}`, { cookie })).status).toBe(404);
    }
    expect((await t.request(`/api/books/${book.id}/claim`, { method: 'POST', cookie: other.cookie })).status).toBe(404);
    expect((await t.request(`/api/library/sideloads/${book.id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(404);
    expect(await library(other.cookie)).toEqual([]);
  });

  it('never shows the book in the store, its search or the sitemap', async () => {
    const reader = await setup();
    const author = await buildSignedInUser(t.ctx, { roles: ['author'] });
    const listed = await importPublishedBook(t, author.cookie, epub3({ identifier: 'urn:uuid:listed', title: 'Zephyrine Listed' }));
    await storeIndex(t.ctx.db).rebuild(t.ctx.db); // the helper publishes by a plain UPDATE, past the index
    const { book } = await answerOf(await sideload(reader.cookie, ownEpub()), addSideload);

    // The listed twin shows the searches work; the private copy matches them too, yet never shows.
    for (const query of ['q=Zephyrine', 'author=Ann', '']) {
      const found = await answerOf(await t.request(`/api/store/search?${query}`, { cookie: reader.cookie }), searchStore);
      expect(found.books.map((b) => b.id)).toEqual([listed]);
    }
    const byTitle = await answerOf(await t.request('/api/store/search?title=Notebooks', { cookie: reader.cookie }), searchStore);
    expect(byTitle.total).toBe(0);
    const suggest = (await (await t.request('/api/store/suggest?q=Zephyrine', { cookie: reader.cookie })).json()) as { suggestions: { id: string }[] };
    expect(suggest.suggestions.map((s) => s.id)).not.toContain(book.id);
    const sitemap = await (await t.request('/sitemap.xml')).text();
    expect(sitemap).toContain(listed);
    expect(sitemap).not.toContain(book.id);
  });

  it('refuses a DRM-protected EPUB with 422 and a sentence for the file field, storing nothing', async () => {
    const reader = await setup();
    const res = await sideload(reader.cookie, drmEpub());
    expect(res.status).toBe(422);
    const error = await errorOf(res);
    expect(error.message).toMatch(/DRM/);
    expect(error.fields?.file).toBe(error.message);
    expect(await library(reader.cookie)).toEqual([]);
    expect((await storage(reader.cookie)).usedBytes).toBe(0);
  });

  it('refuses what is not an EPUB (422) and an empty body (400)', async () => {
    const reader = await setup();
    const notZip = await sideload(reader.cookie, new TextEncoder().encode('plain text, not a book'));
    expect(notZip.status).toBe(422);
    expect((await errorOf(notZip)).fields?.file).toMatch(/not an EPUB/);
    expect((await sideload(reader.cookie, new Uint8Array())).status).toBe(400);
  });

  it('charges the file quota: past it, 413 with the same message as /files, and nothing is added', async () => {
    const bytes = ownEpub();
    const reader = await setup({ fileQuotaBytes: bytes.byteLength + 10 });
    expect((await sideload(reader.cookie, bytes)).status).toBe(201);
    const second = await sideload(reader.cookie, epub3({ identifier: 'urn:uuid:own-copy-2', title: 'Second' }));
    expect(second.status).toBe(413);
    const error = await errorOf(second);
    expect(error.code).toBe('quota_exceeded');
    expect(error.message).toMatch(/^Not enough space: this file is .+ of your .+ is left\. Delete files you no longer need\.$/);
    expect(error.fields?.file).toBe(error.message);
    expect((await library(reader.cookie)).map((b) => b.title)).toEqual(['Zephyrine Notebooks']);
  });

  it('caps one upload while it streams: 413 before the import, even without a declared length', async () => {
    const reader = await setup({ fileMaxBytes: 1024 });
    const big = ownEpub();
    expect(big.byteLength).toBeGreaterThan(1024);
    const declared = await sideload(reader.cookie, big);
    expect(declared.status).toBe(413);
    expect((await errorOf(declared)).fields?.file).toMatch(/larger than 1\.0 KB/);

    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(big);
        controller.close();
      },
    });
    const streamed = await t.request('/api/library/sideloads', { method: 'POST', cookie: reader.cookie, body: stream, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await library(reader.cookie)).toEqual([]);
  });

  it('needs a session, before reading the body', async () => {
    await setup();
    expect((await sideload(undefined, ownEpub())).status).toBe(401);
  });
});

describe('DELETE /api/library/sideloads/:id', () => {
  it('removes the book and its bytes, and frees the quota', async () => {
    const reader = await setup();
    const bytes = ownEpub();
    const { book } = await answerOf(await sideload(reader.cookie, bytes), addSideload);
    const hashes = (await t.ctx.db.selectFrom('bookAssets').select('blobHash').where('bookId', '=', book.id).execute()).map((a) => a.blobHash);
    const epubHash = (await t.ctx.db.selectFrom('sideloads').select('blobHash').where('bookId', '=', book.id).executeTakeFirstOrThrow()).blobHash;
    expect(fs.existsSync(blobFile(epubHash))).toBe(true);

    const res = await t.request(`/api/library/sideloads/${book.id}`, { method: 'DELETE', cookie: reader.cookie });
    expect(res.status).toBe(204);
    expect(await library(reader.cookie)).toEqual([]);
    expect((await storage(reader.cookie)).usedBytes).toBe(0);
    expect((await t.request(`/api/books/${book.id}`, { cookie: reader.cookie })).status).toBe(404);
    for (const hash of [epubHash, ...hashes]) expect(fs.existsSync(blobFile(hash))).toBe(false);
    expect((await t.request(`/api/library/sideloads/${book.id}`, { method: 'DELETE', cookie: reader.cookie })).status).toBe(404);
  });

  it('refuses to remove a book that is not a sideload, even one in the library', async () => {
    const reader = await setup();
    const author = await buildSignedInUser(t.ctx, { roles: ['author'] });
    const listed = await importPublishedBook(t, author.cookie, epub3({ identifier: 'urn:uuid:free' }));
    expect((await t.request(`/api/books/${listed}/claim`, { method: 'POST', cookie: reader.cookie })).status).toBe(200);
    expect((await t.request(`/api/library/sideloads/${listed}`, { method: 'DELETE', cookie: reader.cookie })).status).toBe(404);
    expect((await t.request(`/api/library/sideloads/${listed}`, { method: 'DELETE', cookie: author.cookie })).status).toBe(404);
    expect((await library(reader.cookie)).map((b) => b.id)).toEqual([listed]);
  });
});
