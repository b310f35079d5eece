/** /api/exports against a fresh SQLite file: permissions, the job, progress, downloads, expiry and failures. */
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as api from '../../sync/api/exports';
import { publishSampleBook } from '../dev/sample-book';
import { buildUser } from '../sync/test-helpers';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { manuscriptDoc, storeImage, writeManuscript } from './test-manuscripts';
import { chapterUpdateFromParagraphs } from '../collab/lexical-doc';

let t: TestContext;
const cookies: Record<string, string> = {};

beforeEach(async () => {
  t = await buildTestContext();
  cookies.owner = await buildUser(t.ctx, 'owner', ['author']);
  cookies.other = await buildUser(t.ctx, 'other', ['author']);
  cookies.reader = await buildUser(t.ctx, 'reader');
  await writeManuscript(t, cookies.owner, manuscriptDoc('m1', 'owner', 'The Salt Orchard'), [
    { id: 'c1', title: 'Arrival', update: chapterUpdateFromParagraphs(['The orchard ran down to the sea.']) },
    { id: 'c2', title: '', update: chapterUpdateFromParagraphs(['Second chapter, no title.']) },
  ]);
});
afterEach(async () => t.close());

const start = (who: string, body: unknown) => t.request('/api/exports', { method: 'POST', json: body, cookie: cookies[who] });
const list = async (who: string) => answerOf(await t.request('/api/exports', { cookie: cookies[who] }), api.listExports);
const download = (who: string, id: string) => t.request(api.exportDownloadUrl(id), { cookie: cookies[who] });

/** A refused request's status and error body. */
const refusal = async (res: Response) => ({ status: res.status, ...(await errorOf(res)) });

async function started(who: string, body: unknown) {
  const res = await start(who, body);
  expect(res.status, await res.clone().text()).toBe(202);
  return (await answerOf(res, api.startExport)).export;
}

describe('exports', () => {
  it('exports a manuscript to EPUB as a job: queued, done with a download link, an EPUB with the mimetype first', async () => {
    const queued = await started('owner', { source: 'manuscript', id: 'm1', format: 'epub' });
    expect(queued).toMatchObject({ state: 'queued', progress: 0, downloadUrl: null, title: 'The Salt Orchard' });
    await t.worker.drain();
    const [done] = (await list('owner')).exports;
    expect(done).toMatchObject({ id: queued.id, state: 'done', progress: 1, fileName: 'The-Salt-Orchard.epub', downloadUrl: api.exportDownloadUrl(queued.id) });
    expect(done!.expiresAt! - t.ctx.now()).toBeGreaterThan(23 * 3_600_000);

    const res = await download('owner', queued.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/epub+zip');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="The-Salt-Orchard.epub"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(strFromU8(bytes.slice(30, 38))).toBe('mimetype');
    const files = unzipSync(bytes);
    expect(strFromU8(files['OEBPS/nav.xhtml']!)).toContain('<a href="text/c2.xhtml">Chapter 2</a>');
    expect(strFromU8(files['OEBPS/text/c1.xhtml']!)).toContain('The orchard ran down to the sea.');
  });

  it('exports a manuscript to Markdown, and to a ZIP with its images when it has some', async () => {
    const md = await started('owner', { source: 'manuscript', id: 'm1', format: 'markdown' });
    await t.worker.drain();
    const text = await (await download('owner', md.id)).text();
    expect(text).toContain('# The Salt Orchard');
    expect(text).toContain('# Chapter 2\n\nSecond chapter, no title.');

    const { $getRoot, $createParagraphNode, $createTextNode } = await import('lexical');
    const { $createImageNode } = await import('../../sync/collab/image-node');
    const { chapterUpdateFrom } = await import('../collab/lexical-doc');
    const src = await storeImage(t, 'owner', 'imagesaaaaaaaaaaaaaaaaaa');
    await writeManuscript(t, cookies.owner, manuscriptDoc('m2', 'owner', 'Pictures'), [
      {
        id: 'p1',
        title: 'Maps',
        update: chapterUpdateFrom(() => $getRoot().append($createParagraphNode().append($createTextNode('A map:')), $createImageNode({ src, alt: 'The map' }))),
      },
    ]);
    const zip = await started('owner', { source: 'manuscript', id: 'm2', format: 'markdown' });
    await t.worker.drain();
    const res = await download('owner', zip.id);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(strFromU8(files['manuscript.md']!)).toContain('![The map](images/imagesaaaaaaaaaaaaaaaaaa.png)');
    expect(files['images/imagesaaaaaaaaaaaaaaaaaa.png']).toBeDefined();
  });

  it('exports a manuscript to Word for its owner, and refuses it to others as the other formats are', async () => {
    const item = await started('owner', { source: 'manuscript', id: 'm1', format: 'docx' });
    expect(item).toMatchObject({ state: 'queued', format: 'docx', downloadUrl: null });
    await t.worker.drain();
    const [done] = (await list('owner')).exports;
    expect(done).toMatchObject({ id: item.id, state: 'done', progress: 1, fileName: 'The-Salt-Orchard.docx', downloadUrl: api.exportDownloadUrl(item.id) });
    const res = await download('owner', item.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="The-Salt-Orchard.docx"');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const doc = strFromU8(files['word/document.xml']!);
    expect(doc).toContain('The orchard ran down to the sea.');
    expect(doc).toContain('<w:t xml:space="preserve">Chapter 2</w:t>');
    expect(strFromU8(files['docProps/core.xml']!)).toContain('<dc:title>The Salt Orchard</dc:title>');
    // Only the owner may fetch it.
    expect((await download('other', item.id)).status).toBe(404);

    expect(await refusal(await start('other', { source: 'manuscript', id: 'm1', format: 'docx' }))).toMatchObject({ status: 404 });
    const bookId = await publishSampleBook(t.ctx, { id: 'other', displayName: 'Other' }, 'Not Bought');
    expect(await refusal(await start('reader', { source: 'book', id: bookId, format: 'docx' }))).toMatchObject({ status: 403 });
    expect(await refusal(await start('owner', { source: 'account', format: 'docx' }))).toMatchObject({ status: 422, fields: { format: expect.any(String) } });
    // The author of the book may.
    const own = await started('other', { source: 'book', id: bookId, format: 'docx' });
    await t.worker.drain();
    const book = unzipSync(new Uint8Array(await (await download('other', own.id)).arrayBuffer()));
    expect(strFromU8(book['docProps/core.xml']!)).toContain('<dc:title>Not Bought</dc:title>');
  });

  it("refuses someone else's manuscript as missing, a book one does not own as forbidden, and a mismatched format", async () => {
    expect(await refusal(await start('other', { source: 'manuscript', id: 'm1', format: 'epub' }))).toMatchObject({ status: 404 });
    expect(await refusal(await start('reader', { source: 'manuscript', id: 'nope', format: 'epub' }))).toMatchObject({ status: 404 });
    const bookId = await publishSampleBook(t.ctx, { id: 'other', displayName: 'Other' }, 'A Free Book');
    expect(await refusal(await start('reader', { source: 'book', id: bookId, format: 'epub' }))).toMatchObject({ status: 403 });
    expect(await refusal(await start('owner', { source: 'manuscript', id: 'm1', format: 'account-json' }))).toMatchObject({
      status: 422,
      fields: { format: expect.any(String) },
    });
    expect(await refusal(await start('owner', { source: 'manuscript', format: 'epub' }))).toMatchObject({ status: 422, fields: { id: expect.any(String) } });
    expect((await t.request('/api/exports', { method: 'POST', json: { source: 'account', format: 'account-json' } })).status).toBe(401);
    expect((await list('reader')).manuscripts).toEqual([]);
    expect((await list('owner')).manuscripts).toEqual([{ id: 'm1', title: 'The Salt Orchard' }]);
  });

  it('exports a book its author wrote, which the author may list and download', async () => {
    const bookId = await publishSampleBook(t.ctx, { id: 'other', displayName: 'Other' }, 'Written Here');
    expect((await list('other')).books).toEqual([{ id: bookId, title: 'Written Here' }]);
    const item = await started('other', { source: 'book', id: bookId, format: 'epub' });
    await t.worker.drain();
    const files = unzipSync(new Uint8Array(await (await download('other', item.id)).arrayBuffer()));
    expect(strFromU8(files['OEBPS/content.opf']!)).toContain('<dc:title id="title">Written Here</dc:title>');
    // The export and its file are the owner's alone.
    expect((await download('owner', item.id)).status).toBe(404);
    expect((await t.request(`/api/exports/${item.id}`, { cookie: cookies.owner })).status).toBe(404);
  });

  it("exports the account's data without secrets, and its files as a ZIP", async () => {
    await storeImage(t, 'owner', 'ownerfileaaaaaaaaaaaaaaa');
    const json = await started('owner', { source: 'account', format: 'account-json' });
    const zip = await started('owner', { source: 'account', format: 'account-files' });
    await t.worker.drain();
    const data = JSON.parse(await (await download('owner', json.id)).text());
    expect(data.profile).toMatchObject({ id: 'owner', username: 'owner' });
    expect(data.profile).not.toHaveProperty('passwordHash');
    expect(data.files).toEqual([expect.objectContaining({ id: 'ownerfileaaaaaaaaaaaaaaa', name: 'map.png' })]);
    expect(data.manuscripts[0]).toMatchObject({ id: 'm1', title: 'The Salt Orchard' });
    expect(data.replicated['manuscript-chapters']).toHaveLength(2);
    const files = unzipSync(new Uint8Array(await (await download('owner', zip.id)).arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'files/map.png']);
  });

  it('says why an export failed, and lets no more than three wait at once', async () => {
    await writeManuscript(t, cookies.owner, manuscriptDoc('empty', 'owner', 'Nothing yet'), []);
    const failing = await started('owner', { source: 'manuscript', id: 'empty', format: 'epub' });
    await t.worker.drain();
    expect((await list('owner')).exports.find((e) => e.id === failing.id)).toMatchObject({
      state: 'failed',
      downloadUrl: null,
      error: 'The manuscript has no chapters yet: write one before exporting.',
    });
    for (let i = 0; i < 3; i++) await started('owner', { source: 'account', format: 'account-json' });
    expect(await refusal(await start('owner', { source: 'account', format: 'account-json' }))).toMatchObject({ status: 429 });
  });

  it('closes the download link after a day and deletes the export with its file', async () => {
    const item = await started('owner', { source: 'manuscript', id: 'm1', format: 'epub' });
    await t.worker.drain();
    const { blobHash } = await t.ctx.db.selectFrom('exports').select('blobHash').where('id', '=', item.id).executeTakeFirstOrThrow();
    t.advance(25 * 3_600_000);
    expect(await refusal(await download('owner', item.id))).toMatchObject({ status: 404, message: expect.stringContaining('expired') });
    expect((await list('owner')).exports).toEqual([]);
    expect(await t.ctx.blobs.info(blobHash!)).toBeNull();
  });

  it('refuses, at run time, a manuscript deleted after the export was asked for', async () => {
    const item = await started('owner', { source: 'manuscript', id: 'm1', format: 'epub' });
    await t.ctx.db.updateTable('syncDocs').set({ deleted: 1 }).where('collection', '=', 'manuscripts').where('id', '=', 'm1').execute();
    await t.worker.drain();
    expect((await list('owner')).exports[0]).toMatchObject({
      id: item.id,
      state: 'failed',
      error: 'The manuscript was deleted before its export could be made.',
    });
  });
});
