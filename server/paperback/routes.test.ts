/** A manuscript's paperback cover and its print layout's page counts through the HTTP API (SQLite, or PostgreSQL with QUIRE_TEST_DATABASE=postgres). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaperbackCoverResponse } from '../../sync/api/paperback-covers';
import type { Manuscript } from '../../sync/collections/manuscripts';
import type { PaperbackDesign } from '../../sync/covers/paperback';
import { buildUser, push } from '../sync/test-helpers';
import { buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { writePrintLayout } from './paperback';

let t: TestContext;
const cookies: Record<string, string> = {};

const manuscript: Manuscript & { _deleted: boolean } = {
  id: 'm1',
  ownerId: 'owner',
  ownerName: 'Ada Owner',
  title: 'The Salt Orchard',
  members: [
    { userId: 'editor', username: 'editor', role: 'editor' },
    { userId: 'viewer', username: 'viewer', role: 'viewer' },
    { userId: 'reader', username: 'reader', role: 'editor' },
  ],
  memberIds: ['editor', 'viewer', 'reader'],
  createdAt: 1,
  updatedAt: 1,
  _deleted: false,
};

const design: PaperbackDesign = {
  trimId: '6x9',
  paper: 'cream',
  pages: 212,
  title: 'The Salt Orchard',
  author: 'Ada Owner',
  blurb: 'An orchard by the sea.',
  background: '#1f3a4d',
  ink: '#f6efe3',
};

beforeEach(async () => {
  t = await buildTestContext();
  cookies.owner = await buildUser(t.ctx, 'owner', ['author']);
  cookies.editor = await buildUser(t.ctx, 'editor', ['author']);
  cookies.viewer = await buildUser(t.ctx, 'viewer', ['author']);
  // A co-author as editor whose account may not design covers (a reader's account).
  cookies.reader = await buildUser(t.ctx, 'reader');
  cookies.stranger = await buildUser(t.ctx, 'stranger', ['author']);
  cookies.admin = await buildUser(t.ctx, 'admin', ['admin']);
  await push(t, cookies.owner, [{ assumedMasterState: null, newDocumentState: manuscript }], 'manuscripts');
});
afterEach(async () => t.close());

const cover = (who: string, init: { method?: string; json?: unknown } = {}, id = 'm1') =>
  t.request(`/api/manuscripts/${id}/paperback-cover`, { ...init, cookie: cookies[who] });
const record = (who: string, json: unknown, id = 'm1') => t.request(`/api/manuscripts/${id}/print-layout`, { method: 'PUT', json, cookie: cookies[who] });
const read = async (who: string) => {
  const res = await cover(who);
  expect(res.status).toBe(200);
  return (await res.json()) as PaperbackCoverResponse;
};

describe('paperback cover', () => {
  it('starts empty, is saved by the owner, and reopens with the design for every member', async () => {
    expect(await read('owner')).toEqual({
      manuscript: { id: 'm1', title: 'The Salt Orchard', author: 'Ada Owner & editor & reader' },
      mayEdit: true,
      cover: null,
      layouts: [],
    });
    const before = t.ctx.now();
    const saved = await cover('owner', { method: 'PUT', json: { design } });
    expect(saved.status).toBe(200);
    const first = ((await saved.json()) as { cover: { design: unknown; updatedAt: number } }).cover;
    expect(first).toEqual({ design, updatedAt: expect.any(Number) });
    expect(first.updatedAt).toBeGreaterThanOrEqual(before);
    expect((await read('viewer')).cover?.design).toEqual(design);
    expect((await read('viewer')).mayEdit).toBe(false);

    // An editor overwrites the one design: there is one paperback cover per manuscript.
    t.advance(1000);
    expect((await cover('editor', { method: 'PUT', json: { design: { ...design, pages: 300 } } })).status).toBe(200);
    const second = (await read('owner')).cover;
    expect(second?.design.pages).toBe(300);
    expect(second!.updatedAt).toBeGreaterThanOrEqual(first.updatedAt + 1000);
  });

  it('refuses viewers and accounts that may not design covers (403), and hides the manuscript from strangers (404)', async () => {
    for (const who of ['viewer', 'reader']) {
      const res = await cover(who, { method: 'PUT', json: { design } });
      expect(res.status, who).toBe(403);
      expect((await record(who, { trimId: '6x9', pages: 200 })).status, who).toBe(403);
    }
    expect(await errorOf(await cover('viewer', { method: 'PUT', json: { design } }))).toMatchObject({
      message: expect.stringMatching(/owner and its editors/),
    });
    expect((await read('reader')).mayEdit).toBe(false);
    for (const who of ['stranger', 'admin']) {
      expect((await cover(who)).status, who).toBe(404);
      expect((await cover(who, { method: 'PUT', json: { design } })).status, who).toBe(404);
      expect((await record(who, { trimId: '6x9', pages: 200 })).status, who).toBe(404);
    }
    expect((await cover('owner', {}, 'nope')).status).toBe(404);
    expect((await t.request('/api/manuscripts/m1/paperback-cover')).status).toBe(401);
    expect((await read('owner')).cover).toBeNull();
  });

  it('answers 422 at the field for a bad design', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ pages: 10 }, 'design.pages'],
      [{ pages: 900 }, 'design.pages'],
      [{ pages: 200.5 }, 'design.pages'],
      [{ trimId: '7x7' }, 'design.trimId'],
      [{ paper: 'vellum' }, 'design.paper'],
      [{ background: 'red' }, 'design.background'],
      [{ blurb: 'x'.repeat(2001) }, 'design.blurb'],
    ];
    for (const [change, field] of cases) {
      const res = await cover('owner', { method: 'PUT', json: { design: { ...design, ...change } } });
      expect(res.status, field).toBe(422);
      expect(Object.keys((await errorOf(res)).fields ?? {}), field).toContain(field);
    }
    expect((await cover('owner', { method: 'PUT', json: { design, extra: 1 } })).status).toBe(422);
    expect((await read('owner')).cover).toBeNull();
  });
});

describe('print layout page counts', () => {
  it('keeps the latest count per trim with its time, the latest first', async () => {
    const first = await record('owner', { trimId: '6x9', pages: 212 });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ layout: { trimId: '6x9', pages: 212, recordedAt: expect.any(Number) } });
    t.advance(1000);
    expect((await record('editor', { trimId: '5x8', pages: 280 })).status).toBe(200);
    t.advance(1000);
    await record('owner', { trimId: '6x9', pages: 236 });
    const layouts = (await read('viewer')).layouts;
    expect(layouts).toEqual([
      { trimId: '6x9', pages: 236, recordedAt: expect.any(Number) },
      { trimId: '5x8', pages: 280, recordedAt: expect.any(Number) },
    ]);
    expect(layouts[0]!.recordedAt - layouts[1]!.recordedAt).toBeGreaterThanOrEqual(1000);
  });

  it('answers 422 at the field for a bad trim or count', async () => {
    for (const [json, field] of [
      [{ trimId: 'A4', pages: 100 }, 'trimId'],
      [{ trimId: '6x9', pages: 0 }, 'pages'],
      [{ trimId: '6x9', pages: 'many' }, 'pages'],
      [{ trimId: '6x9', pages: 1.5 }, 'pages'],
    ] as const) {
      const res = await record('owner', json);
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(Object.keys((await errorOf(res)).fields ?? {})).toContain(field);
    }
    expect((await read('owner')).layouts).toEqual([]);
  });

  it('is recorded by the print PDF export without a request (writePrintLayout)', async () => {
    const written = await writePrintLayout(t.ctx, 'm1', '5.5x8.5', 190, 'owner');
    expect((await read('owner')).layouts).toEqual([written]);
    expect(written).toMatchObject({ trimId: '5.5x8.5', pages: 190 });
  });
});
