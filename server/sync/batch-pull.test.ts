/** POST /api/sync/pull: a page of each of several collections in one request (protocol 6). */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_BATCH_PULLS } from '../../sync/replication/limits';
import { buildTestContext, type TestContext } from '../test/test-context';
import { writeDoc } from './store';
import { buildList, buildUser, pull, push, syncRequest } from './test-helpers';

let t: TestContext;
let alice: string;

beforeEach(async () => {
  t = await buildTestContext();
  alice = await buildUser(t.ctx, 'alice');
  await buildUser(t.ctx, 'bob');
});
afterEach(async () => t.close());

const batch = (cookie: string | undefined, pulls: unknown[], headers: Record<string, string> = {}) =>
  t.request('/api/sync/pull', { method: 'POST', json: { pulls }, cookie, headers: { 'x-quire-protocol': '6', ...headers } });

async function pushLists(count: number, ownerId = 'alice', cookie = alice) {
  const rows = Array.from({ length: count }, (_, i) => ({
    assumedMasterState: null,
    newDocumentState: buildList({ ownerId, id: `${ownerId}-list-${i}`, name: `A list with a long enough name, number ${i}`, updatedAt: i }),
  }));
  await push(t, cookie, rows);
}

describe('batched pull', () => {
  it('answers one page per collection, in the order asked, as each collection pull would', async () => {
    await pushLists(3);
    await writeDoc(t.ctx.db, 'wishlist', { id: 'w1', ownerId: 'alice', bookId: 'b1', addedAt: 1 }, false, 7, ['alice']);
    await writeDoc(t.ctx.db, 'wishlist', { id: 'w2', ownerId: 'bob', bookId: 'b1', addedAt: 1 }, false, 8, ['bob']);
    const res = await batch(alice, [
      { collection: 'wishlist', checkpoint: null, limit: 10 },
      { collection: 'reading-lists', checkpoint: null, limit: 2 },
    ]);
    expect(res.status).toBe(200);
    const { pages } = (await res.json()) as { pages: Awaited<ReturnType<typeof pull>>[] };
    expect(pages).toEqual([await pull(t, alice, null, 10, 'wishlist'), await pull(t, alice, null, 2, 'reading-lists')]);
    expect(pages[0]!.documents.map((d) => d.id)).toEqual(['w1']); // bob's entry is not alice's to see
    expect(pages[1]!.documents.map((d) => d.id)).toEqual(['alice-list-0', 'alice-list-1']);

    const next = await batch(alice, [{ collection: 'reading-lists', checkpoint: pages[1]!.checkpoint, limit: 2 }]);
    expect(((await next.json()) as { pages: { documents: { id: string }[] }[] }).pages[0]!.documents.map((d) => d.id)).toEqual(['alice-list-2']);
  });

  it('refuses strangers, outdated clients, unknown collections and malformed batches', async () => {
    const one = [{ collection: 'reading-lists', checkpoint: null, limit: 10 }];
    expect((await batch(undefined, one)).status).toBe(401);
    expect((await batch(alice, one, { 'x-quire-protocol': '0' })).status).toBe(426);
    expect((await batch(alice, [...one, { collection: 'no-such', checkpoint: null, limit: 10 }])).status).toBe(404);
    expect((await batch(alice, [])).status).toBe(422);
    expect((await batch(alice, [...one, ...one])).status).toBe(422);
    expect((await batch(alice, [{ collection: 'reading-lists', checkpoint: null, limit: 10_000 }])).status).toBe(422);
    expect((await batch(alice, [{ collection: '../x', checkpoint: null, limit: 10 }])).status).toBe(422);
    const many = Array.from({ length: MAX_BATCH_PULLS + 1 }, (_, i) => ({ collection: `c${i}`, checkpoint: null, limit: 1 }));
    expect((await batch(alice, many)).status).toBe(422);
  });

  it('compresses a large answer with brotli or gzip as the client accepts, and leaves a small one alone', async () => {
    await pushLists(40);
    const pulls = [{ collection: 'reading-lists', checkpoint: null, limit: 100 }];
    const plain = await batch(alice, pulls);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(4096);

    const br = await batch(alice, pulls, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(text.length / 4);
    expect(zlib.brotliDecompressSync(brBytes).toString()).toBe(text);

    const gz = await batch(alice, pulls, { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect((await promisify(zlib.gunzip)(Buffer.from(await gz.arrayBuffer()))).toString()).toBe(text);

    const one = await syncRequest(t, alice, 'reading-lists/pull', { checkpoint: null, limit: 100 });
    expect(one.headers.get('content-encoding')).toBeNull(); // asked without Accept-Encoding
    const small = await batch(alice, [{ collection: 'wishlist', checkpoint: null, limit: 10 }], { 'accept-encoding': 'br' });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ pages: [{ documents: [], checkpoint: null }] });
  });
});
