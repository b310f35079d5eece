/** The replication protocol against a fresh database: paging, conflicts, tombstones, refusals. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../test/test-context';
import { writeDoc } from './store';
import { buildList, buildUser, pull, push, syncRequest } from './test-helpers';

let t: TestContext;
let alice: string;

beforeEach(async () => {
  t = await buildTestContext();
  alice = await buildUser(t.ctx, 'alice');
});
afterEach(async () => t.close());

describe('access', () => {
  it('answers 401 signed out, 404 for an unknown collection, 426 to an outdated client', async () => {
    expect((await syncRequest(t, undefined, 'reading-lists/pull', { checkpoint: null, limit: 10 })).status).toBe(401);
    expect((await syncRequest(t, alice, 'no-such/pull', { checkpoint: null, limit: 10 })).status).toBe(404);
    for (const version of [0, null]) {
      const res = await syncRequest(t, alice, 'reading-lists/pull', { checkpoint: null, limit: 10 }, version);
      expect(res.status).toBe(426);
      expect(((await res.json()) as any).error.code).toBe('upgrade_required');
    }
  });

  it('refuses a malformed pull body with 422', async () => {
    expect((await syncRequest(t, alice, 'reading-lists/pull', { checkpoint: 'x', limit: 10_000 })).status).toBe(422);
  });
});

describe('pull', () => {
  it('pages by (updatedAt, id), including documents that share a change time', async () => {
    const ids = ['e', 'a', 'd', 'b', 'c'];
    for (const id of ids) await writeDoc(t.ctx.db, 'reading-lists', { ...buildList({ ownerId: 'alice', id }), _deleted: undefined }, false, 5_000, ['alice']);
    await push(t, alice, [{ assumedMasterState: null, newDocumentState: buildList({ ownerId: 'alice', id: 'later' }) }]);
    const seen: string[] = [];
    let checkpoint = null;
    for (let i = 0; i < 10; i++) {
      const page = await pull(t, alice, checkpoint, 2);
      seen.push(...page.documents.map((d) => d.id));
      checkpoint = page.checkpoint;
      if (page.documents.length < 2) break;
    }
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'e', 'later']);
    expect((await pull(t, alice, checkpoint)).documents).toEqual([]);
  });

  it('gives strictly increasing change times to writes within one millisecond', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ assumedMasterState: null, newDocumentState: buildList({ ownerId: 'alice', id: `l${i}` }) }));
    await push(t, alice, rows);
    const rowsInDb = await t.ctx.db.selectFrom('syncDocs').select('serverUpdatedAt').orderBy('serverUpdatedAt').execute();
    expect(new Set(rowsInDb.map((r) => r.serverUpdatedAt)).size).toBe(20);
  });
});

describe('push', () => {
  it('stores the document as written and orders the feed by the server clock', async () => {
    const list = buildList({ ownerId: 'alice', updatedAt: 42 });
    const before = Date.now() * 1000;
    expect(await push(t, alice, [{ assumedMasterState: null, newDocumentState: list }])).toEqual({ conflicts: [], rejected: [] });
    const page = await pull(t, alice);
    expect(page.documents).toEqual([list]);
    expect(page.checkpoint!.updatedAt).toBeGreaterThanOrEqual(before);
  });

  it('returns the master state when the assumption is stale', async () => {
    const v1 = buildList({ ownerId: 'alice', name: 'v1' });
    await push(t, alice, [{ assumedMasterState: null, newDocumentState: v1 }]);
    const v2 = { ...v1, name: 'v2' };
    expect((await push(t, alice, [{ assumedMasterState: v1, newDocumentState: v2 }])).conflicts).toEqual([]);
    const stale = await push(t, alice, [{ assumedMasterState: v1, newDocumentState: { ...v1, name: 'v3' } }]);
    expect(stale.conflicts).toHaveLength(1);
    expect(stale.conflicts[0].name).toBe('v2');
    const fresh = await push(t, alice, [{ assumedMasterState: null, newDocumentState: { ...v1, name: 'v4' } }]);
    expect(fresh.conflicts[0].name).toBe('v2');
  });

  it('keeps deletions as tombstones that pull returns', async () => {
    const list = buildList({ ownerId: 'alice' });
    await push(t, alice, [{ assumedMasterState: null, newDocumentState: list }]);
    const { checkpoint } = await pull(t, alice);
    await push(t, alice, [{ assumedMasterState: list, newDocumentState: { ...list, _deleted: true } }]);
    const page = await pull(t, alice, checkpoint);
    expect(page.documents.map((d) => [d.id, d._deleted])).toEqual([[list.id, true]]);
  });

  it('treats a duplicate push as harmless', async () => {
    const list = buildList({ ownerId: 'alice' });
    const row = { assumedMasterState: null, newDocumentState: list };
    await push(t, alice, [row]);
    const { checkpoint } = await pull(t, alice);
    expect(await push(t, alice, [row, row])).toEqual({ conflicts: [], rejected: [] });
    expect((await pull(t, alice, checkpoint)).documents).toEqual([]);
  });

  it('refuses invalid documents one by one without blocking the batch', async () => {
    const good1 = buildList({ ownerId: 'alice', id: 'good1' });
    const good2 = buildList({ ownerId: 'alice', id: 'good2' });
    const rows = [
      good1,
      { ...good1, id: 'noname', name: '' },
      { ...good1, id: 'extra', extra: 1 },
      { ...good1, id: 'bad-vis', visibility: 'secret' },
      buildList({ ownerId: 'bob', id: 'not-mine' }),
      good2,
    ].map((doc) => ({ assumedMasterState: null, newDocumentState: doc }));
    const result = await push(t, alice, rows);
    expect(result.rejected.map((r) => [r.id, r.code])).toEqual([
      ['noname', 'validation_failed'],
      ['extra', 'validation_failed'],
      ['bad-vis', 'validation_failed'],
      ['not-mine', 'forbidden'],
    ]);
    expect((await pull(t, alice)).documents.map((d) => d.id).sort()).toEqual(['good1', 'good2']);
  });

  it('refuses a batch that is not a push request with 422', async () => {
    const res = await syncRequest(t, alice, 'reading-lists/push', { rows: [{ newDocumentState: { id: 'x' } }] });
    expect(res.status).toBe(422);
  });
});
