import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { FilesResponse, FileUploadResponse } from '../../sync/api/files';
import type { StoreBook } from '../../sync/api/store';
import { buildSignedInUser } from '../admin/test-helpers';
import { importPublishedBook } from '../books/test-books';
import { epub3 } from '../books/epub/test-epubs';
import { backoffDelay } from '../jobs/queue';
import { buildTestContext, type TestContext } from '../test/test-context';
import { imageSets } from './image-sets';
import { IMAGE_VARIANTS_JOB } from './plan';

let t: TestContext;
afterEach(() => t.close());

/** A real image, 800 × 1280 (a cover's 1 : 1.6), made with sharp. */
function png(width = 800, height = 1280): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#b5532f' } })
    .png()
    .toBuffer();
}

/** Starts like a PNG (so the upload's sniffing accepts it), then nothing an image decoder can read. */
const CORRUPT_PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 200 }, (_, i) => (i * 37) % 256)]);

async function upload(cookie: string, name: string, bytes: Uint8Array): Promise<FileUploadResponse> {
  const res = await t.request(`/api/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    cookie,
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as FileUploadResponse;
}

const variantsOf = (sourceHash: string) =>
  t.ctx.db.selectFrom('imageVariants').selectAll().where('sourceHash', '=', sourceHash).orderBy('format').orderBy('width').execute();

async function fileHash(id: string): Promise<string> {
  return (await t.ctx.db.selectFrom('files').select('blobHash').where('id', '=', id).executeTakeFirstOrThrow()).blobHash;
}

describe('image variants', () => {
  it('makes WebP and AVIF variants of an uploaded image in a job, never wider than the original, and serves them immutable', async () => {
    t = await buildTestContext();
    const { cookie } = await buildSignedInUser(t.ctx, { roles: ['author'] });
    const { file } = await upload(cookie, 'harbour.png', await png());
    const hash = await fileHash(file.id);

    const pending = await variantsOf(hash);
    expect(pending.map((v) => `${v.format} ${v.width} ${v.state}`)).toEqual([
      'avif 320 pending',
      'avif 720 pending',
      'avif 1440 pending',
      'webp 320 pending',
      'webp 720 pending',
      'webp 1440 pending',
    ]);
    const job = await t.ctx.db.selectFrom('jobs').selectAll().where('kind', '=', IMAGE_VARIANTS_JOB).executeTakeFirstOrThrow();
    expect(JSON.parse(job.payload)).toEqual({ sourceHash: hash });

    await t.worker.drain();
    const done = await variantsOf(hash);
    expect(done.every((v) => v.state === 'done' && v.blobHash && v.bytes! > 0 && v.error === null)).toBe(true);
    // 1440 asked for, 800 made: the original is only 800 wide.
    expect(done.map((v) => v.outWidth)).toEqual([320, 720, 800, 320, 720, 800]);
    expect(done.find((v) => v.format === 'webp' && v.width === 320)?.outHeight).toBe(512);

    const set = (await imageSets(t.ctx.db, [hash])).get(hash)!;
    expect(set.webp).toMatch(/^\/api\/images\/[0-9a-f]{64}\.webp 320w, \/api\/images\/[0-9a-f]{64}\.webp 720w, \/api\/images\/[0-9a-f]{64}\.webp 800w$/);
    expect(set.avif?.split(', ')).toHaveLength(3);

    // The author's file list carries the same set for the thumbnail.
    const listed = (await (await t.request('/api/files', { cookie })).json()) as FilesResponse;
    expect(listed.files.find((f) => f.id === file.id)?.imageSet).toEqual(set);

    const url = set.webp!.split(' ')[0]!;
    const res = await t.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 512 });
    const avifUrl = set.avif!.split(' ')[0]!;
    expect((await sharp(Buffer.from(await (await t.request(avifUrl)).arrayBuffer())).metadata()).format).toBe('heif');

    // Only finished variants are served: not the original's blob under a variant-looking name.
    expect((await t.request(`/api/images/${hash}.webp`)).status).toBe(404);
    expect((await t.request('/api/images/not-a-hash.webp')).status).toBe(404);
  });

  it('records the error on every variant of a corrupt image, and the job ends dead after its retry', async () => {
    t = await buildTestContext();
    const { cookie } = await buildSignedInUser(t.ctx, { roles: ['author'] });
    const { file } = await upload(cookie, 'broken.png', CORRUPT_PNG);
    const hash = await fileHash(file.id);

    await t.worker.drain();
    const failed = await variantsOf(hash);
    expect(failed).toHaveLength(6);
    for (const v of failed) {
      expect(v.state).toBe('failed');
      expect(v.error).toBeTruthy();
      expect(v.blobHash).toBeNull();
    }
    expect((await imageSets(t.ctx.db, [hash])).has(hash)).toBe(false);

    t.advance(backoffDelay(1) + 1);
    await t.worker.drain();
    const job = await t.ctx.db.selectFrom('jobs').selectAll().where('kind', '=', IMAGE_VARIANTS_JOB).executeTakeFirstOrThrow();
    expect(job.state).toBe('dead');
    expect(job.attempts).toBe(2);
    expect(job.lastError).toContain('6 of 6 variants');
  });

  it('drops the variants and their blobs when the original is deleted', async () => {
    t = await buildTestContext();
    const { cookie } = await buildSignedInUser(t.ctx, { roles: ['author'] });
    const { file } = await upload(cookie, 'gone.png', await png(400, 640));
    const hash = await fileHash(file.id);
    await t.worker.drain();
    const made = (await variantsOf(hash)).map((v) => v.blobHash!);
    expect(made).toHaveLength(6);

    expect((await t.request(`/api/files/${file.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    expect(await variantsOf(hash)).toEqual([]);
    const left = await t.ctx.db
      .selectFrom('blobs')
      .select('hash')
      .where('hash', 'in', [hash, ...made])
      .execute();
    expect(left).toEqual([]);
  });

  it('gives an imported raster cover its variants, shown on the store page once made', async () => {
    t = await buildTestContext();
    const { cookie } = await buildSignedInUser(t.ctx, { roles: ['author'] });
    const cover = await sharp({ create: { width: 480, height: 768, channels: 3, background: '#23466e' } })
      .jpeg()
      .toBuffer();
    const bookId = await importPublishedBook(t, cookie, epub3({ cover: { path: 'images/cover.jpg', mediaType: 'image/jpeg', bytes: cover } }));
    const book = (await (await t.request(`/api/store/books/${bookId}`)).json()) as StoreBook;
    expect(book.coverUrl).toMatch(/\/cover\?v=/);
    expect(book.coverSet?.webp).toMatch(/160w, .*320w, .*480w$/);
    expect(book.coverSet?.avif).toMatch(/\.avif 160w/);
  });
});
