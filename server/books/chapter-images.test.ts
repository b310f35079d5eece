import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { BookDetailResponse, ChapterResponse } from '../../sync/api/books';
import type { ImageSystemStatus } from '../../sync/api/admin-jobs';
import { buildAdmin, buildSignedInUser } from '../admin/test-helpers';
import { buildTestContext, type TestContext } from '../test/test-context';
import { requestImageBackfill } from '../images/backfill';
import { COVER_WIDTHS } from '../images/plan';
import { epub3 } from './epub/test-epubs';
import { importPublishedBook } from './test-books';

let t: TestContext;
afterEach(() => t.close());

const raster = (width: number, height: number, format: 'png' | 'jpeg' | 'gif') =>
  sharp({ create: { width, height, channels: 3, background: '#2f6b5a' } })
    .toFormat(format)
    .toBuffer();
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="teal"/></svg>';

/** A book whose second chapter (not the sample) shows a wide PNG, a small JPEG, a GIF and an SVG. */
async function bookWithImages(cover?: { path: string; mediaType: string; bytes: Uint8Array }) {
  const resources = [
    { path: 'images/harbour.png', mediaType: 'image/png', data: await raster(1000, 600, 'png') },
    { path: 'images/gull.jpg', mediaType: 'image/jpeg', data: await raster(200, 100, 'jpeg') },
    { path: 'images/wave.gif', mediaType: 'image/gif', data: await raster(60, 60, 'gif') },
    { path: 'images/star.svg', mediaType: 'image/svg+xml', data: SVG },
  ];
  const body =
    '<h1>The Storm</h1><p><img src="images/harbour.png" alt="The harbour &gt; at dawn"/></p>' +
    '<p><img src="images/gull.jpg" alt="A gull" width="150"/> <img src="images/wave.gif" alt="A wave"/> <img src="images/star.svg" alt="A star"/></p>';
  return epub3({
    cover,
    resources,
    chapters: [
      { id: 'ch1', title: 'Departure', body: '<h1>Departure</h1><p>We left.</p>' },
      { id: 'ch2', title: 'The Storm', body },
    ],
  });
}

const chapter = async (bookId: string, chapterId: string, cookie?: string) => t.request(`/api/books/${bookId}/chapters/${chapterId}`, { cookie });
const pictures = (xhtml: string) => [...xhtml.matchAll(/<picture class="quire-picture">(.*?)<\/picture>/g)].map((m) => m[1]!);
const srcsetOf = (picture: string, type: string) => new RegExp(`<source type="${type}" srcset="([^"]+)"`).exec(picture)?.[1] ?? '';

describe('chapter images', () => {
  it('gives a chapter’s raster images variants as jobs and serves them to its readers as <picture> sources, the original the fallback', async () => {
    t = await buildTestContext();
    const author = await buildSignedInUser(t.ctx, { roles: ['author'] });
    const bookId = await importPublishedBook(t, author.cookie, await bookWithImages());
    const hashes = await t.ctx.db.selectFrom('bookAssets').select(['path', 'blobHash']).where('bookId', '=', bookId).execute();
    const hashOf = (p: string) => hashes.find((h) => h.path === p)!.blobHash;

    // Asked for with the book, at the reading column's widths; none for the GIF or the SVG.
    const variants = await t.ctx.db.selectFrom('imageVariants').select(['sourceHash', 'width', 'format', 'state']).execute();
    const of = (path: string) => variants.filter((v) => v.sourceHash === hashOf(path));
    expect(
      of('images/harbour.png')
        .map((v) => `${v.format} ${v.width} ${v.state}`)
        .sort(),
    ).toEqual(['avif 1440 done', 'avif 320 done', 'avif 720 done', 'webp 1440 done', 'webp 320 done', 'webp 720 done']);
    expect(of('images/gull.jpg')).toHaveLength(6);
    expect(of('images/wave.gif')).toHaveLength(0);
    expect(of('images/star.svg')).toHaveLength(0);

    const book = (await (await t.request(`/api/books/${bookId}`, { cookie: author.cookie })).json()) as BookDetailResponse;
    const storm = book.chapters.find((c) => c.title === 'The Storm')!;
    const reader = await buildSignedInUser(t.ctx);
    expect((await t.request(`/api/books/${bookId}/claim`, { method: 'POST', cookie: reader.cookie })).status).toBe(200);
    const res = await chapter(bookId, storm.id, reader.cookie);
    expect(res.status).toBe(200);
    const { xhtml } = (await res.json()) as ChapterResponse;

    const [harbour, gull, ...others] = pictures(xhtml);
    expect(others).toEqual([]);
    // The original stays the <img>, untouched (its alt with a ">" in it too).
    expect(harbour).toContain(`<img src="/api/books/${bookId}/assets/images/harbour.png" alt="The harbour > at dawn" />`);
    expect(srcsetOf(harbour!, 'image/avif')).toMatch(/^\/api\/images\/[0-9a-f]{64}\.avif 320w, \S+\.avif 720w, \S+\.avif 1000w$/);
    expect(srcsetOf(harbour!, 'image/webp')).toMatch(/^\/api\/images\/[0-9a-f]{64}\.webp 320w, \S+\.webp 720w, \S+\.webp 1000w$/);
    expect(harbour).toContain('sizes="(max-width: 900px) 100vw, 720px"');
    // A small image is never made wider, and shows at its width attribute.
    expect(srcsetOf(gull!, 'image/webp')).toMatch(/^\S+\.webp 200w$/);
    expect(gull).toContain('sizes="(max-width: 150px) 100vw, 150px"');
    // The GIF and the SVG stay plain images.
    expect(xhtml).toMatch(/<p><picture[^]*<\/picture> <img src="[^"]+wave\.gif" alt="A wave" \/> <img src="[^"]+star\.svg" alt="A star" \/><\/p>/);

    for (const [type, set] of [
      ['image/avif', srcsetOf(harbour!, 'image/avif')],
      ['image/webp', srcsetOf(harbour!, 'image/webp')],
    ] as const) {
      for (const url of set.split(', ').map((e) => e.split(' ')[0]!)) {
        const image = await t.request(url);
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toBe(type);
      }
    }

    // Someone without the book gets no chapter, so no variant URLs (the existing rule).
    const stranger = await buildSignedInUser(t.ctx);
    expect((await chapter(bookId, storm.id, stranger.cookie)).status).toBe(403);
    expect((await chapter(bookId, storm.id)).status).toBe(401);

    // The image system's status counts them with the covers' and the uploads'.
    const status = (await (await t.request('/api/admin/image-system-status', { cookie: (await buildAdmin(t.ctx)).cookie })).json()) as ImageSystemStatus;
    expect(status.variants).toEqual({ done: 12, pending: 0, failed: 0 });
    expect(status.originals).toBe(2);
  });

  it('shows the original alone while an image’s variants are not all made', async () => {
    t = await buildTestContext();
    const author = await buildSignedInUser(t.ctx, { roles: ['author'] });
    const bookId = await importPublishedBook(t, author.cookie, await bookWithImages());
    await t.ctx.db.updateTable('imageVariants').set({ state: 'failed', error: 'Disk full.' }).where('width', '=', 1440).where('format', '=', 'avif').execute();
    const storm = (
      await t.ctx.db.selectFrom('bookChapters').select('id').where('bookId', '=', bookId).where('title', '=', 'The Storm').executeTakeFirstOrThrow()
    ).id;
    const { xhtml } = (await (await chapter(bookId, storm, author.cookie)).json()) as ChapterResponse;
    expect(xhtml).not.toContain('<picture');
    expect(xhtml).not.toContain('/api/images/');
    expect(xhtml).toContain(`<img src="/api/books/${bookId}/assets/images/harbour.png"`);
  });

  it('asks again on an unchanged re-import, so books saved before chapter images had variants get them', async () => {
    t = await buildTestContext();
    const author = await buildSignedInUser(t.ctx, { roles: ['author'] });
    const epub = await bookWithImages();
    const bookId = await importPublishedBook(t, author.cookie, epub);
    await t.ctx.db.updateTable('books').set({ status: 'draft' }).where('id', '=', bookId).execute();
    await t.ctx.db.deleteFrom('imageVariants').execute();
    const res = await t.request('/api/books/import', {
      method: 'POST',
      cookie: author.cookie,
      headers: { 'content-type': 'application/epub+zip' },
      body: epub,
    });
    expect(res.status).toBe(202);
    await t.worker.drain();
    expect((await t.ctx.db.selectFrom('books').select('id').execute()).map((b) => b.id)).toEqual([bookId]);
    const rows = await t.ctx.db.selectFrom('imageVariants').select(['state']).execute();
    expect(rows.map((r) => r.state)).toEqual(Array(12).fill('done'));
  });

  it('backfills at start the images of books saved before they had variants, the cover keeping its own widths', async () => {
    t = await buildTestContext();
    const author = await buildSignedInUser(t.ctx, { roles: ['author'] });
    const cover = { path: 'images/cover.png', mediaType: 'image/png', bytes: await raster(320, 512, 'png') };
    const bookId = await importPublishedBook(t, author.cookie, await bookWithImages(cover));
    const coverHash = (
      await t.ctx.db.selectFrom('bookAssets').select('blobHash').where('bookId', '=', bookId).where('path', '=', 'images/cover.png').executeTakeFirstOrThrow()
    ).blobHash;
    await t.ctx.db.deleteFrom('imageVariants').where('sourceHash', '!=', coverHash).execute();

    await requestImageBackfill(t.ctx);
    await requestImageBackfill(t.ctx); // one waiting backfill is enough
    expect(await t.ctx.db.selectFrom('jobs').select('id').where('kind', '=', 'image.backfill').where('state', '=', 'queued').execute()).toHaveLength(1);
    await t.worker.drain();
    const rows = await t.ctx.db.selectFrom('imageVariants').select(['sourceHash', 'width', 'state']).execute();
    expect(rows.filter((r) => r.sourceHash !== coverHash).map((r) => r.state)).toEqual(Array(12).fill('done'));
    expect([...new Set(rows.filter((r) => r.sourceHash === coverHash).map((r) => r.width))].sort((a, b) => a - b)).toEqual([...COVER_WIDTHS]);
  });
});
