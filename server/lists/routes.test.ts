/** The online list view: public and unlisted lists to anyone, a private one to its owner only. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildList, buildUser, pull, push } from '../sync/test-helpers';
import { buildTestContext, type TestContext } from '../test/test-context';

let t: TestContext;
let a: string;
let b: string;

beforeEach(async () => {
  t = await buildTestContext();
  a = await buildUser(t.ctx, 'owner-a');
  b = await buildUser(t.ctx, 'other-b');
});
afterEach(async () => t.close());

async function save(visibility: 'private' | 'unlisted' | 'public') {
  const list = buildList({ ownerId: 'owner-a', visibility, name: `A ${visibility} list` });
  await push(t, a, [{ assumedMasterState: null, newDocumentState: list }]);
  return list;
}

describe('GET /api/lists/:id', () => {
  it('shows public and unlisted lists to others and to visitors', async () => {
    for (const visibility of ['public', 'unlisted'] as const) {
      const list = await save(visibility);
      for (const cookie of [b, undefined]) {
        const res = await t.request(`/api/lists/${list.id}`, { cookie });
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ list: { id: list.id, visibility }, owner: { username: 'owner-a' } });
      }
    }
  });

  it('answers 404 for a private list to anyone but its owner', async () => {
    const list = await save('private');
    expect((await t.request(`/api/lists/${list.id}`, { cookie: b })).status).toBe(404);
    expect((await t.request(`/api/lists/${list.id}`)).status).toBe(404);
    const own = await t.request(`/api/lists/${list.id}`, { cookie: a });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ list: { id: list.id, visibility: 'private' } });
  });

  it('hides a deleted list and unknown ids', async () => {
    const list = await save('public');
    await push(t, a, [{ assumedMasterState: list, newDocumentState: { ...list, _deleted: true } }]);
    expect((await t.request(`/api/lists/${list.id}`, { cookie: b })).status).toBe(404);
    expect((await t.request('/api/lists/nope')).status).toBe(404);
  });
});

describe('GET /api/lists/discover', () => {
  it('lists public lists only', async () => {
    const pub = await save('public');
    await save('unlisted');
    await save('private');
    const body = (await (await t.request('/api/lists/discover')).json()) as { lists: { id: string }[] };
    expect(body.lists.map((l) => l.id)).toEqual([pub.id]);
  });
});

describe('wishlist visibility', () => {
  const entry = {
    id: 'owner-a:book-1',
    ownerId: 'owner-a',
    bookId: 'book-1',
    title: 'T',
    authors: 'X',
    coverUrl: '',
    priceCents: 500,
    currency: 'EUR',
    addedAt: 1,
    updatedAt: 1,
    _deleted: false,
  };

  it("never lets B pull or push over A's wishlist", async () => {
    await push(t, a, [{ assumedMasterState: null, newDocumentState: entry }], 'wishlist');
    expect((await pull(t, a, null, 100, 'wishlist')).documents.map((d) => d.id)).toEqual([entry.id]);
    expect((await pull(t, b, null, 100, 'wishlist')).documents).toEqual([]);
    const result = await push(
      t,
      b,
      [
        { assumedMasterState: entry, newDocumentState: { ...entry, _deleted: true } },
        { assumedMasterState: null, newDocumentState: { ...entry, ownerId: 'other-b' } },
      ],
      'wishlist',
    );
    expect(result.rejected.map((r) => r.code)).toEqual(['forbidden', 'forbidden']);
    expect((await pull(t, a, null, 100, 'wishlist')).documents[0]).toMatchObject({ _deleted: false, ownerId: 'owner-a' });
  });
});
