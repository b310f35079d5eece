/** Cover designs and a manuscript's ebook cover through the HTTP API, against a fresh SQLite file per test. */
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as api from '../../sync/api/covers';
import type { FileUploadResponse } from '../../sync/api/files';
import { getPublication } from '../../sync/api/publishing';
import { chapterDocName } from '../../sync/collab/close-codes';
import type { ManuscriptChapter } from '../../sync/collections/manuscript-chapters';
import type { Manuscript } from '../../sync/collections/manuscripts';
import type { CoverDesign } from '../../sync/covers/design';
import { chapterUpdateFromParagraphs } from '../collab/lexical-doc';
import { CollabStore } from '../collab/store';
import { PNG_1x1 } from '../files/test-files';
import { buildUser, push } from '../sync/test-helpers';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';

let t: TestContext;
const cookies: Record<string, string> = {};

const design: CoverDesign = {
  background: { kind: 'gradient', from: '#1f3a4d', to: '#7c2d12', angle: 180 },
  title: { text: 'The Salt Orchard', font: 'bold', size: 160, colour: '#fefae0', x: 800, y: 700 },
  author: { text: 'Ada Quire', font: 'regular', size: 80, colour: '#fefae0', x: 800, y: 2300 },
};

const manuscript = (id: string, ownerId: string): Manuscript & { _deleted: boolean } => ({
  id,
  ownerId,
  ownerName: ownerId,
  title: 'Working title',
  members: [],
  memberIds: [],
  createdAt: 1,
  updatedAt: 1,
  _deleted: false,
});
const chapter = (id: string, manuscriptId: string, ownerId: string): ManuscriptChapter & { _deleted: boolean } => ({
  id,
  manuscriptId,
  ownerId,
  memberIds: [],
  editorIds: [],
  title: 'Arrival',
  position: 0,
  wordCount: 6,
  createdAt: 1,
  updatedAt: 1,
  _deleted: false,
});

beforeEach(async () => {
  t = await buildTestContext();
  cookies.owner = await buildUser(t.ctx, 'owner', ['author']);
  cookies.other = await buildUser(t.ctx, 'other', ['author']);
  cookies.reader = await buildUser(t.ctx, 'reader');
  cookies.publisher = await buildUser(t.ctx, 'pub', ['publisher']);
  cookies.admin = await buildUser(t.ctx, 'admin', ['admin']);
  await push(t, cookies.owner, [{ assumedMasterState: null, newDocumentState: manuscript('m1', 'owner') }], 'manuscripts');
  expect(
    (await push(t, cookies.owner, [{ assumedMasterState: null, newDocumentState: chapter('c1', 'm1', 'owner') }], 'manuscript-chapters')).rejected,
  ).toEqual([]);
  t.advance(1000);
  await new CollabStore(t.ctx.db, t.ctx.now).append(chapterDocName('c1'), 1, chapterUpdateFromParagraphs(['The orchard ran down to the sea.']));
});
afterEach(async () => t.close());

const covers = (who: string, path = '', init: { method?: string; json?: unknown } = {}) => t.request(`/api/covers${path}`, { ...init, cookie: cookies[who] });
const setCover = (who: string, fileId: string | null, id = 'm1') =>
  t.request(`/api/publishing/${id}/cover`, { method: 'PUT', json: { fileId }, cookie: cookies[who] });

async function upload(who: string, name: string, bytes: Uint8Array): Promise<string> {
  const res = await t.request(`/api/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    cookie: cookies[who],
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as FileUploadResponse).file.id;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#23466e' } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b));

describe('cover designs', () => {
  it('are created, listed latest first, reopened, saved and deleted by their owner', async () => {
    const first = await covers('owner', '', { method: 'POST', json: { name: 'Orchard, blue', design } });
    expect(first.status).toBe(201);
    const created = (await answerOf(first, api.createCoverDesign)).design;
    expect(created).toMatchObject({ name: 'Orchard, blue', design });
    t.advance(1000);
    const second = (await answerOf(await covers('owner', '', { method: 'POST', json: { name: 'Orchard, red', design } }), api.createCoverDesign)).design;

    let list = await answerOf(await covers('owner'), api.listCoverDesigns);
    expect(list.designs.map((d) => d.name)).toEqual(['Orchard, red', 'Orchard, blue']);

    t.advance(1000);
    const moved = { ...design, title: { ...design.title, x: 640, y: 512, text: 'Salt' } };
    const saved = await covers('owner', `/${created.id}`, { method: 'PUT', json: { name: 'Orchard, blue', design: moved } });
    expect(saved.status).toBe(200);
    const reopened = (await answerOf(await covers('owner', `/${created.id}`), api.getCoverDesign)).design;
    expect(reopened.design.title).toEqual(moved.title);
    list = await answerOf(await covers('owner'), api.listCoverDesigns);
    expect(list.designs.map((d) => d.name)).toEqual(['Orchard, blue', 'Orchard, red']);

    expect((await covers('owner', `/${second.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await covers('owner', `/${second.id}`)).status).toBe(404);
  });

  it("are nobody else's: another author gets 404, a reader 403, a publisher may design", async () => {
    const created = (await answerOf(await covers('owner', '', { method: 'POST', json: { name: 'Mine', design } }), api.createCoverDesign)).design;
    expect((await covers('other', `/${created.id}`)).status).toBe(404);
    expect((await covers('other', `/${created.id}`, { method: 'PUT', json: { name: 'Taken', design } })).status).toBe(404);
    expect((await covers('other', `/${created.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await answerOf(await covers('other'), api.listCoverDesigns)).designs).toEqual([]);
    expect((await covers('reader')).status).toBe(403);
    expect((await covers('reader', '', { method: 'POST', json: { name: 'Mine', design } })).status).toBe(403);
    expect((await t.request('/api/covers')).status).toBe(401);
    expect((await covers('publisher', '', { method: 'POST', json: { name: 'Imprint cover', design } })).status).toBe(201);
  });

  it('refuses bad input with a message at the field: 422', async () => {
    const bad = await covers('owner', '', {
      method: 'POST',
      json: { name: ' ', design: { ...design, title: { ...design.title, colour: 'blue', size: 2000, font: 'comic-sans' } } },
    });
    expect(bad.status).toBe(422);
    const fields = (await errorOf(bad)).fields ?? {};
    expect(fields.name).toBe('Name the design.');
    expect(fields['design.title.colour']).toBe('Pick a colour as #rrggbb.');
    expect(fields['design.title.size']).toBe('At most 400 px.');
    expect(fields['design.title.font']).toBe('Pick one of the fonts offered.');
  });

  it("takes a background image only from the owner's own images", async () => {
    const mine = await upload('owner', 'sea.png', PNG_1x1);
    const theirs = await upload('other', 'hills.png', PNG_1x1);
    const withImage = (fileId: string) => ({ name: 'Photo', design: { ...design, background: { kind: 'image', fileId, tint: 0.3 } } });
    expect((await covers('owner', '', { method: 'POST', json: withImage(mine) })).status).toBe(201);
    const refused = await covers('owner', '', { method: 'POST', json: withImage(theirs) });
    expect(refused.status).toBe(422);
    expect((await errorOf(refused)).fields?.['design.background.fileId']).toBe('Pick an image from your own files.');
  });
});

describe("a manuscript's ebook cover", () => {
  it('is set by the owner, shown with the publication, frozen with the edition and becomes the store book’s cover', async () => {
    const fileId = await upload('owner', 'cover.png', await png(1600, 2560));
    const res = await setCover('owner', fileId);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await answerOf(res, api.setManuscriptCover)).cover).toEqual({ fileId, name: 'cover.png', url: `/api/files/${fileId}/content` });
    const detail = await answerOf(await t.request('/api/publishing/m1', { cookie: cookies.owner }), getPublication);
    expect(detail).toMatchObject({ state: 'draft', metadata: null, cover: { fileId } });

    const metadata = {
      title: 'The Salt Orchard',
      description: 'An orchard by the sea.',
      genres: ['FB'],
      language: 'en',
      priceCents: 0,
      currency: 'USD',
      ageRating: 'all',
    };
    expect((await t.request('/api/publishing/m1/metadata', { method: 'PUT', json: metadata, cookie: cookies.owner })).status).toBe(200);
    expect((await t.request('/api/publishing/m1/commands', { method: 'POST', json: { action: 'submit' }, cookie: cookies.owner })).status).toBe(200);
    // Deleting the file later takes the cover off the manuscript, not out of the submitted edition.
    expect((await t.request(`/api/files/${fileId}`, { method: 'DELETE', cookie: cookies.owner })).status).toBe(204);
    const afterDelete = await answerOf(await t.request('/api/publishing/m1', { cookie: cookies.owner }), getPublication);
    expect(afterDelete.cover).toBeNull();
    // The automatic checks run before anyone may approve; the cover check reads the frozen cover.
    await t.worker.drain();
    const checked = await answerOf(await t.request('/api/publishing/m1', { cookie: cookies.owner }), getPublication);
    expect(checked.checks.find((c) => c.name === 'cover')).toMatchObject({ status: 'passed' });
    expect((await t.request('/api/publishing/m1/commands', { method: 'POST', json: { action: 'approve' }, cookie: cookies.admin })).status).toBe(200);

    const book = await t.ctx.db.selectFrom('books').select(['id', 'coverPath']).where('title', '=', 'The Salt Orchard').executeTakeFirstOrThrow();
    expect(book.coverPath).toBe('images/cover.png');
    const asset = await t.ctx.db
      .selectFrom('bookAssets')
      .select(['mediaType'])
      .where('bookId', '=', book.id)
      .where('path', '=', 'images/cover.png')
      .executeTakeFirst();
    expect(asset?.mediaType).toBe('image/png');
    const cover = await t.request(`/api/books/${book.id}/cover`);
    expect(cover.status).toBe(200);
    expect((await sharp(Buffer.from(await cover.arrayBuffer())).metadata()).width).toBe(1600);
  });

  it('refuses an image too small, not an image, or not the owner’s; and anyone but the owner', async () => {
    const tiny = await upload('owner', 'tiny.png', PNG_1x1);
    const small = await setCover('owner', tiny);
    expect(small.status).toBe(422);
    expect((await errorOf(small)).fields?.fileId).toBe("This image is 1 × 1 px: a cover's shorter side must be at least 1000 px.");
    const theirs = await upload('other', 'theirs.png', await png(1000, 1600));
    expect((await errorOf(await setCover('owner', theirs))).fields?.fileId).toBe('Pick an image from your own files.');
    const good = await upload('owner', 'good.png', await png(1000, 1600));
    expect((await setCover('other', good)).status).toBe(404);
    expect((await setCover('reader', good)).status).toBe(403);
    expect((await setCover('owner', good, 'nope')).status).toBe(404);
    expect((await setCover('owner', good)).status).toBe(200);
    expect((await answerOf(await setCover('owner', null), api.setManuscriptCover)).cover).toBeNull();
  });
});
