import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BookDetailResponse, ChapterResponse } from '../../sync/api/books';
import type { FileUploadResponse } from '../../sync/api/files';
import { ChapterSchema } from '../../sync/book-format';
import { chapterDocName } from '../../sync/collab/close-codes';
import type { Manuscript } from '../../sync/collections/manuscripts';
import type { ManuscriptChapter } from '../../sync/collections/manuscript-chapters';
import { chapterUpdateFromParagraphs } from '../collab/lexical-doc';
import { CollabStore } from '../collab/store';
import { buildUser, push } from '../sync/test-helpers';
import { buildTestContext, type TestContext } from '../test/test-context';

let t: TestContext;
const cookies: Record<string, string> = {};

const manuscript: Manuscript & { _deleted: boolean } = {
  id: 'm1',
  ownerId: 'owner',
  ownerName: 'owner',
  title: 'The Long Draft',
  members: [{ userId: 'member', username: 'member', role: 'viewer' }],
  memberIds: ['member'],
  createdAt: 1,
  updatedAt: 1,
  _deleted: false,
};
const chapter = (id: string, position: number, title: string): ManuscriptChapter & { _deleted: boolean } => ({
  id,
  manuscriptId: 'm1',
  ownerId: 'owner',
  memberIds: ['member'],
  editorIds: [],
  title,
  position,
  wordCount: 3,
  createdAt: 1,
  updatedAt: 1,
  _deleted: false,
});

beforeEach(async () => {
  t = await buildTestContext();
  for (const id of ['owner', 'member', 'stranger']) cookies[id] = await buildUser(t.ctx, id, id === 'owner' ? ['author'] : []);
  await push(t, cookies.owner!, [{ assumedMasterState: null, newDocumentState: manuscript }], 'manuscripts');
  const rows = [chapter('c2', 1, 'Second'), chapter('c1', 0, '')].map((c) => ({ assumedMasterState: null, newDocumentState: c }));
  expect((await push(t, cookies.owner!, rows, 'manuscript-chapters')).rejected).toEqual([]);
  await new CollabStore(t.ctx.db, t.ctx.now).append(chapterDocName('c1'), 1, chapterUpdateFromParagraphs(['It was a dark night.', 'The end.']));
});
afterEach(async () => t.close());

const get = (path: string, who?: string) => t.request(`/api/manuscripts/m1/book${path}`, { cookie: who ? cookies[who] : undefined });

describe('manuscript as a book', () => {
  it('presents the manuscript in the book shape to its owner and co-authors, chapters in order', async () => {
    for (const who of ['owner', 'member']) {
      const res = await get('', who);
      expect(res.status).toBe(200);
      const book = (await res.json()) as BookDetailResponse;
      expect(book).toMatchObject({ id: 'm1', title: 'The Long Draft', status: 'manuscript', access: 'full' });
      expect(book.chapters.map((c) => [c.id, c.title, c.readable])).toEqual([
        ['c1', 'Chapter 1', true],
        ['c2', 'Second', true],
      ]);
      expect(book.toc.map((e) => e.chapterId)).toEqual(['c1', 'c2']);
    }
  });

  it('renders a chapter from its latest stored text; an untouched chapter is empty but valid', async () => {
    const res = await get('/chapters/c1', 'member');
    expect(res.status).toBe(200);
    const body = (await res.json()) as ChapterResponse;
    expect(body).toMatchObject({ id: 'c1', bookId: 'm1', ord: 0 });
    expect(body.xhtml).toMatch(/^<div class="quire-body">/);
    expect(body.xhtml).toContain('It was a dark night.');
    expect(ChapterSchema.safeParse(body).success).toBe(true);
    const empty = (await (await get('/chapters/c2', 'owner')).json()) as ChapterResponse;
    expect(ChapterSchema.safeParse(empty).success).toBe(true);
  });

  it('sanitises the rendering: no scripts, event handlers or javascript: links reach the reader', async () => {
    const html =
      '<p onclick="steal()">Hi <a href="javascript:alert(1)">x</a><img src="https://evil.test/t.png" onerror="x()"></p><script>alert(1)</script><a href="https://example.com">ok</a>';
    await t.ctx.db
      .insertInto('collabRenders')
      .values({ docName: chapterDocName('c2'), html, text: 'Hi', wordCount: 1, updatedAt: Date.now() + 60_000 })
      .execute();
    const body = (await (await get('/chapters/c2', 'owner')).json()) as ChapterResponse;
    expect(body.xhtml).not.toMatch(/script|onclick|onerror|javascript:|evil\.test/);
    expect(body.xhtml).toContain('Hi');
    expect(body.xhtml).toContain('href="https://example.com"');
  });

  it('shows an uploaded image with the upload’s variants once made, the file’s own URL the fallback', async () => {
    const png = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#8a4b2f' } })
      .png()
      .toBuffer();
    const upload = await t.request('/api/files?name=map.png', {
      method: 'POST',
      cookie: cookies.owner,
      body: new Blob([png as Uint8Array<ArrayBuffer>]),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(upload.status).toBe(201);
    const { file } = (await upload.json()) as FileUploadResponse;
    const src = `/api/files/${file.id}/content`;
    const html = `<p>The map:</p><p><img src="${src}" alt="Map"></p>`;
    await t.ctx.db
      .insertInto('collabRenders')
      .values({ docName: chapterDocName('c2'), html, text: 'The map:', wordCount: 2, updatedAt: Date.now() + 60_000 })
      .execute();
    // Not made yet: the original alone.
    expect(((await (await get('/chapters/c2', 'member')).json()) as ChapterResponse).xhtml).not.toContain('<picture');
    await t.worker.drain();
    const { xhtml } = (await (await get('/chapters/c2', 'member')).json()) as ChapterResponse;
    expect(xhtml).toMatch(
      new RegExp(
        `<picture class="quire-picture"><source type="image/avif" srcset="/api/images/[0-9a-f]{64}\\.avif 320w, \\S+ 720w, \\S+ 900w" sizes="\\(max-width: 900px\\) 100vw, 720px"/><source type="image/webp" srcset="[^"]+ 900w" [^>]+/><img src="${src}" alt="Map" /></picture>`,
      ),
    );
  });

  it('is a 404 for a stranger and for unknown manuscripts or chapters, 401 signed out', async () => {
    expect((await get('', 'stranger')).status).toBe(404);
    expect((await get('/chapters/c1', 'stranger')).status).toBe(404);
    expect((await get('')).status).toBe(401);
    expect((await t.request('/api/manuscripts/nope/book', { cookie: cookies.owner })).status).toBe(404);
    expect((await get('/chapters/nope', 'owner')).status).toBe(404);
  });
});
