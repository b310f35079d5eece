import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FilesResponse, FileUploadResponse } from '../../sync/api/files';
import { buildSignedInUser } from '../admin/test-helpers';
import { newId } from '../http/ids';
import { startS3StandIn, type S3StandIn } from '../test/s3-stand-in';
import { buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { BlobStore } from './blob-store';
import { PNG_1x1, PNG_OTHER, docxBytes } from './test-files';

let t: TestContext;
afterEach(() => t.close());

async function setup(overrides: Parameters<typeof buildTestContext>[0] = {}) {
  t = await buildTestContext(overrides);
  const author = await buildSignedInUser(t.ctx, { roles: ['author'] });
  return author;
}

function upload(cookie: string | undefined, name: string, bytes: Uint8Array) {
  return t.request(`/api/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    cookie,
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    headers: { 'content-type': 'application/octet-stream' },
  });
}

const blobFile = (hash: string) => path.join(t.config.dataDir, 'blobs', hash.slice(0, 2), hash);

describe('/api/files', () => {
  it('uploads, lists and serves an image with safe, long-lived headers', async () => {
    const { cookie } = await setup();
    const res = await upload(cookie, 'cover.png', PNG_1x1);
    expect(res.status).toBe(201);
    const { file, usedBytes } = (await res.json()) as FileUploadResponse;
    expect(file).toMatchObject({ name: 'cover.png', kind: 'image', mediaType: 'image/png', size: PNG_1x1.byteLength });
    expect(usedBytes).toBe(PNG_1x1.byteLength);

    const list = (await (await t.request('/api/files', { cookie })).json()) as FilesResponse;
    expect(list.files.map((f) => f.id)).toEqual([file.id]);
    expect(list.usedBytes).toBe(PNG_1x1.byteLength);

    // The content URL is a capability: no session needed (co-authors and readers see the image).
    const content = await t.request(file.url);
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('image/png');
    expect(content.headers.get('x-content-type-options')).toBe('nosniff');
    expect(content.headers.get('cache-control')).toContain('immutable');
    expect(content.headers.get('content-security-policy')).toContain('sandbox');
    expect(new Uint8Array(await content.arrayBuffer())).toEqual(PNG_1x1);
    const again = await t.request(file.url, { headers: { 'if-none-match': content.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(((await (await t.request('/__probe')).json()) as { files: string }).files).toBe('disk');
  });

  it('stores the same bytes once, charges the quota once, and serves documents as downloads', async () => {
    const { cookie } = await setup();
    const a = (await (await upload(cookie, 'a.png', PNG_1x1)).json()) as FileUploadResponse;
    const b = (await (await upload(cookie, 'b.png', PNG_1x1)).json()) as FileUploadResponse;
    expect(a.file.id).not.toBe(b.file.id);
    expect(b.usedBytes).toBe(PNG_1x1.byteLength);
    expect(fs.readdirSync(path.dirname(blobFile(BlobStore.hashOf(PNG_1x1))))).toHaveLength(1);
    expect(await t.ctx.db.selectFrom('blobs').select('hash').execute()).toHaveLength(1);

    const docx = (await (await upload(cookie, 'Novel draft.docx', docxBytes())).json()) as FileUploadResponse;
    expect(docx.file.kind).toBe('docx');
    const served = await t.request(docx.file.url);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="Novel draft.docx"/);
  });

  it('deletes a blob from disk only when its last reference goes', async () => {
    const { cookie } = await setup();
    const a = (await (await upload(cookie, 'a.png', PNG_1x1)).json()) as FileUploadResponse;
    const b = (await (await upload(cookie, 'b.png', PNG_1x1)).json()) as FileUploadResponse;
    const file = blobFile(BlobStore.hashOf(PNG_1x1));

    expect((await t.request(`/api/files/${a.file.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    expect(fs.existsSync(file)).toBe(true);
    expect((await t.request(a.file.url)).status).toBe(404);
    expect((await t.request(b.file.url)).status).toBe(200);

    expect((await t.request(`/api/files/${b.file.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    expect(fs.existsSync(file)).toBe(false);
    expect(await t.ctx.db.selectFrom('blobs').select('hash').execute()).toHaveLength(0);
  });

  it('keeps a blob another feature still references (an EPUB import)', async () => {
    const { cookie, user } = await setup();
    const a = (await (await upload(cookie, 'a.png', PNG_1x1)).json()) as FileUploadResponse;
    const hash = BlobStore.hashOf(PNG_1x1);
    await t.ctx.db
      .insertInto('bookImports')
      .values({ id: newId(), ownerId: user.id, blobHash: hash, status: 'queued', error: null, bookId: null, createdAt: 0, finishedAt: null })
      .execute();
    expect((await t.request(`/api/files/${a.file.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    expect(fs.existsSync(blobFile(hash))).toBe(true);
  });

  it('refuses a file over the per-file limit with 413 at the field', async () => {
    const { cookie } = await setup({ fileMaxBytes: 1000 });
    const res = await upload(cookie, 'big.png', new Uint8Array(1001));
    expect(res.status).toBe(413);
    const error = await errorOf(res);
    expect(error.code).toBe('payload_too_large');
    expect(error.fields?.file).toContain('larger than');
    expect(await t.ctx.db.selectFrom('blobs').select('hash').execute()).toHaveLength(0);
  });

  it('refuses an upload that would exceed the quota with 413 quota_exceeded', async () => {
    const { cookie } = await setup({ fileQuotaBytes: PNG_1x1.byteLength + 10 });
    expect((await upload(cookie, 'a.png', PNG_1x1)).status).toBe(201);
    // The same bytes again are free.
    expect((await upload(cookie, 'again.png', PNG_1x1)).status).toBe(201);
    const res = await upload(cookie, 'b.png', Uint8Array.from([...PNG_OTHER, ...new Uint8Array(20)]));
    expect(res.status).toBe(413);
    const error = await errorOf(res);
    expect(error.code).toBe('quota_exceeded');
    expect(error.fields?.file).toContain('Not enough space');
  });

  it('refuses unsupported types by content with 415 and a reason', async () => {
    const { cookie } = await setup();
    const fake = await upload(cookie, 'cover.png', new TextEncoder().encode('\u0000not an image'));
    expect(fake.status).toBe(415);
    expect(await errorOf(fake)).toMatchObject({ code: 'unsupported_media_type', message: 'The file is named .png, but its content is not a PNG image.' });
    const svg = await upload(cookie, 'logo.svg', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(svg.status).toBe(415);
    expect((await upload(cookie, 'empty.md', new Uint8Array())).status).toBe(400);
    expect((await upload(cookie, '', PNG_1x1)).status).toBe(422);
  });

  it('renames with validation', async () => {
    const { cookie } = await setup();
    const { file } = (await (await upload(cookie, 'a.png', PNG_1x1)).json()) as FileUploadResponse;
    const ok = await t.request(`/api/files/${file.id}`, { method: 'PATCH', cookie, json: { name: '  Map of the city.png ' } });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as FileUploadResponse).file.name).toBe('Map of the city.png');
    const bad = await t.request(`/api/files/${file.id}`, { method: 'PATCH', cookie, json: { name: '   ' } });
    expect(bad.status).toBe(422);
    expect((await errorOf(bad)).fields?.name).toBe('Give the file a name.');
    const slash = await t.request(`/api/files/${file.id}`, { method: 'PATCH', cookie, json: { name: 'a/b' } });
    expect(slash.status).toBe(422);
  });

  it("hides another account's files (404) and keeps readers and visitors out (403, 401)", async () => {
    const { cookie } = await setup();
    const { file } = (await (await upload(cookie, 'a.png', PNG_1x1)).json()) as FileUploadResponse;
    const other = await buildSignedInUser(t.ctx, { roles: ['author'] });
    expect((await t.request(`/api/files/${file.id}`, { method: 'PATCH', cookie: other.cookie, json: { name: 'mine.png' } })).status).toBe(404);
    expect((await t.request(`/api/files/${file.id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(404);
    expect(((await (await t.request('/api/files', { cookie: other.cookie })).json()) as FilesResponse).files).toEqual([]);

    const reader = await buildSignedInUser(t.ctx);
    expect((await t.request('/api/files', { cookie: reader.cookie })).status).toBe(403);
    expect((await upload(reader.cookie, 'a.png', PNG_1x1)).status).toBe(403);

    expect((await t.request('/api/files')).status).toBe(401);
    expect((await upload(undefined, 'a.png', PNG_1x1)).status).toBe(401);
    expect((await t.request(`/api/files/${file.id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await t.request('/api/files/aaaaaaaaaaaaaaaaaaaaaaaa/content')).status).toBe(404);
  });
});

describe('/api/files with the blobs in S3', () => {
  let s3: S3StandIn;
  beforeEach(async () => {
    s3 = await startS3StandIn();
  });
  afterEach(() => s3.close());

  it('uploads into the bucket, downloads whole and in ranges, and deletes the object with the last reference', async () => {
    const { cookie } = await setup({ s3: s3.config });
    const docx = docxBytes();
    const { file } = (await (await upload(cookie, 'Draft.docx', docx)).json()) as FileUploadResponse;
    const key = `blobs/${BlobStore.hashOf(docx).slice(0, 2)}/${BlobStore.hashOf(docx)}`;
    expect(s3.objects.get(key)?.bytes).toEqual(Buffer.from(docx));
    expect(fs.existsSync(path.join(t.config.dataDir, 'blobs'))).toBe(false);

    const whole = await t.request(file.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(docx.byteLength));
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(docx);

    const requestsBefore = s3.requests.length;
    const head = await t.request(file.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(docx.byteLength));
    expect(s3.requests).toHaveLength(requestsBefore);

    const tail = await t.request(file.url, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${docx.byteLength - 10}-${docx.byteLength - 1}/${docx.byteLength}`);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(docx.subarray(docx.byteLength - 10));
    expect(s3.requests.at(-1)).toMatchObject({ method: 'GET', key, range: `bytes=${docx.byteLength - 10}-${docx.byteLength - 1}` });
    const beyond = await t.request(file.url, { headers: { range: `bytes=${docx.byteLength}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${docx.byteLength}`);
    // A Range for other bytes than these (If-Range names another ETag) gets them all.
    expect((await t.request(file.url, { headers: { range: 'bytes=0-3', 'if-range': '"other"' } })).status).toBe(200);

    s3.objects.delete(key);
    expect((await t.request(file.url)).status).toBe(404);
    s3.objects.set(key, { bytes: Buffer.from(docx), etag: '"x"', lastModified: new Date() });
    expect((await t.request(`/api/files/${file.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    expect(s3.objects.has(key)).toBe(false);
    expect(((await (await t.request('/__probe')).json()) as { files: string }).files).toBe('S3 quire-test');
  });
});
