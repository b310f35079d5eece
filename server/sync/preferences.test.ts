/** The preferences collection: only its owner pulls, streams or writes it; conflicts merge per field. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { preferencesId, resolvePreferencesConflict, toDocument } from '../../sync/collections/preferences';
import { DEFAULT_PREFERENCES, stampChange, ZERO_STAMPS } from '../../sync/preferences';
import { buildTestContext, type TestContext } from '../test/test-context';
import { buildUser, pull, push, readEvents, syncRequest } from './test-helpers';

let t: TestContext;
let a: string;
let b: string;
const base = { values: DEFAULT_PREFERENCES, stamps: ZERO_STAMPS };
const docFor = (userId: string, patch = {}, at = 1000) => ({ ...toDocument(userId, stampChange(base, patch, at)), _deleted: false });

beforeEach(async () => {
  t = await buildTestContext();
  a = await buildUser(t.ctx, 'user-a');
  b = await buildUser(t.ctx, 'user-b');
});
afterEach(async () => t.close());

describe('preferences visibility', () => {
  it('is pulled by its owner only', async () => {
    const doc = docFor('user-a', { readerTheme: 'sepia' });
    expect((await push(t, a, [{ assumedMasterState: null, newDocumentState: doc }], 'preferences')).rejected).toEqual([]);
    expect((await pull(t, a, null, 100, 'preferences')).documents).toEqual([doc]);
    expect((await pull(t, b, null, 100, 'preferences')).documents).toEqual([]);
  });

  it("refuses another account's writes, a second document, a deletion and a bad value", async () => {
    const doc = docFor('user-a');
    await push(t, a, [{ assumedMasterState: null, newDocumentState: doc }], 'preferences');
    const byB = await push(
      t,
      b,
      [
        { assumedMasterState: doc, newDocumentState: { ...doc, readerTheme: 'night' } },
        { assumedMasterState: doc, newDocumentState: { ...doc, ownerId: 'user-b' } },
      ],
      'preferences',
    );
    expect(byB.rejected.map((r) => r.code)).toEqual(['forbidden', 'forbidden']);
    const byA = await push(
      t,
      a,
      [
        { assumedMasterState: null, newDocumentState: { ...doc, id: 'prefs:second' } },
        { assumedMasterState: doc, newDocumentState: { ...doc, _deleted: true } },
        { assumedMasterState: doc, newDocumentState: { ...doc, fontSize: 900 } },
      ],
      'preferences',
    );
    expect(byA.rejected.map((r) => r.code)).toEqual(['forbidden', 'forbidden', expect.any(String)]);
    expect((await pull(t, a, null, 100, 'preferences')).documents).toEqual([doc]);
  });

  it('streams change hints to the owner only', async () => {
    const streamA = await syncRequest(t, a, 'stream');
    const streamB = await syncRequest(t, b, 'stream');
    const eventsA = readEvents(streamA, 2);
    const eventsB = readEvents(streamB, 2, 500);
    await new Promise((r) => setTimeout(r, 50));
    await push(t, a, [{ assumedMasterState: null, newDocumentState: docFor('user-a') }], 'preferences');
    expect((await eventsA)[1]).toMatchObject({ event: 'change', data: { collection: 'preferences', checkpoint: { id: preferencesId('user-a') } } });
    expect(await eventsB).toEqual([{ event: 'resync', data: 'RESYNC' }]);
  });

  it('answers a stale write with the master, which the device merges per field', async () => {
    const first = docFor('user-a', { fontSize: 150 }, 2000);
    await push(t, a, [{ assumedMasterState: null, newDocumentState: first }], 'preferences');
    // Another device, offline since before `first`, changed the reader theme later.
    const stale = docFor('user-a', { readerTheme: 'night' }, 3000);
    const result = await push(t, a, [{ assumedMasterState: null, newDocumentState: stale }], 'preferences');
    expect(result.conflicts).toHaveLength(1);
    expect(result.conflicts[0]).toMatchObject({ fontSize: 150, readerTheme: 'paper' });
    const merged = resolvePreferencesConflict({ newDocumentState: stale, realMasterState: result.conflicts[0] });
    expect(merged).toMatchObject({ fontSize: 150, readerTheme: 'night' });
    expect((await push(t, a, [{ assumedMasterState: result.conflicts[0], newDocumentState: merged }], 'preferences')).conflicts).toEqual([]);
    expect((await pull(t, a, null, 100, 'preferences')).documents[0]).toMatchObject({ fontSize: 150, readerTheme: 'night' });
  });
});
