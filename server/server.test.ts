/**
 * buildContext is the composition root: routes and jobs reach the services it made through ctx,
 * never a copy of their own. Spies on the context's instances see every route's work.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileUploadResponse } from '../sync/api/files';
import { buildSignedInUser } from './admin/test-helpers';
import { importPublishedBook } from './books/test-books';
import { epub3 } from './books/epub/test-epubs';
import { PNG_1x1 } from './files/test-files';
import { buildTestContext, type TestContext } from './test/test-context';

let t: TestContext;
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

describe('buildContext', () => {
  it('gives the file routes, the book routes and the import job one blob store', async () => {
    t = await buildTestContext();
    const put = vi.spyOn(t.ctx.blobs, 'put');
    const read = vi.spyOn(t.ctx.blobs, 'read');
    // Routes stream what they serve; jobs read whole blobs.
    const stream = vi.spyOn(t.ctx.blobs, 'stream');
    const { cookie } = await buildSignedInUser(t.ctx, { roles: ['author'] });

    const uploaded = await t.request('/api/files?name=a.png', {
      method: 'POST',
      cookie,
      body: new Blob([PNG_1x1]),
      headers: { 'content-type': 'application/octet-stream' },
    });
    const { file } = (await uploaded.json()) as FileUploadResponse;
    expect(put).toHaveBeenCalledTimes(1);
    expect((await t.request(file.url)).status).toBe(200);
    expect(stream).toHaveBeenCalledTimes(1);

    // Counted as "more than before": image jobs (cover variants) read blobs from the same store too.
    const cover = { path: 'images/cover.png', mediaType: 'image/png', bytes: PNG_1x1 };
    const readsBefore = read.mock.calls.length;
    const bookId = await importPublishedBook(t, cookie, epub3({ cover }));
    // The route stores the EPUB, the job reads it back and stores its assets.
    expect(put.mock.calls.length).toBeGreaterThan(2);
    expect(read.mock.calls.length).toBeGreaterThan(readsBefore);
    expect((await t.request(`/api/books/${bookId}/assets/images/cover.png`, { cookie })).status).toBe(200);
    expect(stream).toHaveBeenCalledTimes(2);
  });

  it('gives the version routes the collaboration services the sockets use', async () => {
    t = await buildTestContext();
    const exists = vi.spyOn(t.ctx.collab.access, 'exists');
    const { cookie } = await buildSignedInUser(t.ctx, { roles: ['author'] });
    const res = await t.request('/api/chapters/nope/versions', { cookie });
    expect(res.status).toBe(404);
    expect(exists).toHaveBeenCalledTimes(1);
  });
});
