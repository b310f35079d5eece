/**
 * A push the server stored but whose answer never reached the device (the page reloaded, the
 * connection dropped): after the restart the device pushes its newer edits against a copy the
 * server has moved past, which the server calls a conflict. The edits made since must survive —
 * a CI run once saw a list's note vanish on reload while its new order (the lost push) stayed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ReadingList } from '../../sync/collections/reading-lists';
import { createAccount, openDevice, startSyncServer, type Device, type SyncServer } from './test-clients';
import { readDoc } from './store';
import { buildList } from './test-helpers';

let s: SyncServer;
beforeAll(async () => {
  s = await startSyncServer();
});
afterAll(async () => s.close());

const item = (bookId: string, position: number) => ({ bookId, position, note: '', title: bookId });

async function stored(device: Device, id: string): Promise<ReadingList | undefined> {
  return (await device.collections['reading-lists'].findOne(id).exec())?.toJSON() as ReadingList | undefined;
}

it('keeps the edits made after a push whose answer was lost, across a restart', async () => {
  const cookie = await createAccount(s, 'nora');
  const first = await openDevice(s, 'nora', cookie);
  const list = buildList({ ownerId: 'nora', items: [item('a', 0), item('b', 1)], updatedAt: 1 });
  await first.collections['reading-lists'].insert(list);
  await first.replication!.awaitInSync();

  // The reorder reaches the server; its answer is lost and the device is offline.
  first.loseNextPushAnswer();
  const doc = await first.collections['reading-lists'].findOne(list.id).exec();
  await doc!.incrementalPatch({ items: [item('b', 0), item('a', 1)], updatedAt: 2 });
  await expect.poll(async () => ((await readDoc(s.server.ctx.db, 'reading-lists', list.id))?.doc as ReadingList | undefined)?.items[0]?.bookId).toBe('b');
  // A note written after it, then the page reloads before anything else is sent.
  await doc!.incrementalPatch({ items: [item('b', 0), { ...item('a', 1), note: 'Start here' }], updatedAt: 3 });
  await first.close();

  const again = await openDevice(s, 'nora', cookie, {}, ['reading-lists'], first.name);
  try {
    await again.replication!.awaitInSync();
    await expect
      .poll(async () => (await stored(again, list.id))?.items.map((i) => [i.bookId, i.note]))
      .toEqual([
        ['b', ''],
        ['a', 'Start here'],
      ]);
    const other = await openDevice(s, 'nora', cookie);
    await other.replication!.awaitInSync();
    expect((await stored(other, list.id))?.items.map((i) => i.note)).toEqual(['', 'Start here']);
    await other.close();
  } finally {
    await again.close();
  }
});
