/** Two accounts: A's private list is never pulled by, pushed over by, or streamed to B. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../test/test-context';
import { buildList, buildUser, pull, push, readEvents, syncRequest } from './test-helpers';

let t: TestContext;
let a: string;
let b: string;

beforeEach(async () => {
  t = await buildTestContext();
  a = await buildUser(t.ctx, 'user-a');
  b = await buildUser(t.ctx, 'user-b');
});
afterEach(async () => t.close());

describe('visibility', () => {
  it("never lets B pull A's private list", async () => {
    const list = buildList({ ownerId: 'user-a', visibility: 'private' });
    await push(t, a, [{ assumedMasterState: null, newDocumentState: list }]);
    expect((await pull(t, a)).documents.map((d) => d.id)).toEqual([list.id]);
    expect((await pull(t, b)).documents).toEqual([]);
  });

  it("never lets B push over A's list, and reveals nothing in the refusal", async () => {
    const list = buildList({ ownerId: 'user-a', name: 'mine' });
    await push(t, a, [{ assumedMasterState: null, newDocumentState: list }]);
    const attempts = [
      { assumedMasterState: null, newDocumentState: { ...list, name: 'taken' } },
      { assumedMasterState: list, newDocumentState: { ...list, name: 'taken' } },
      { assumedMasterState: null, newDocumentState: { ...list, ownerId: 'user-b', name: 'taken' } },
      { assumedMasterState: list, newDocumentState: { ...list, _deleted: true } },
    ];
    const result = await push(t, b, attempts);
    expect(result.conflicts).toEqual([]);
    expect(result.rejected.map((r) => r.code)).toEqual(['forbidden', 'forbidden', 'forbidden', 'forbidden']);
    const [stored] = (await pull(t, a)).documents;
    expect(stored).toMatchObject({ name: 'mine', ownerId: 'user-a', _deleted: false });
  });

  it("streams A's change hints to A only, after a RESYNC on connect", async () => {
    const streamA = await syncRequest(t, a, 'stream');
    const streamB = await syncRequest(t, b, 'stream');
    expect(streamA.headers.get('content-type')).toContain('text/event-stream');
    const eventsA = readEvents(streamA, 2);
    const eventsB = readEvents(streamB, 2, 500);
    await new Promise((r) => setTimeout(r, 50)); // both subscribed
    await push(t, a, [{ assumedMasterState: null, newDocumentState: buildList({ ownerId: 'user-a', id: 'secret' }) }]);
    const seenA = await eventsA;
    const seenB = await eventsB;
    expect(seenA[0]).toEqual({ event: 'resync', data: 'RESYNC' });
    expect(seenA[1]).toMatchObject({ event: 'change', data: { collection: 'reading-lists', checkpoint: { id: 'secret' } } });
    expect(seenB).toEqual([{ event: 'resync', data: 'RESYNC' }]);
  });

  it('refuses the stream signed out or outdated', async () => {
    expect((await syncRequest(t, undefined, 'stream')).status).toBe(401);
    expect((await syncRequest(t, a, 'stream', undefined, 0)).status).toBe(426);
  });
});
