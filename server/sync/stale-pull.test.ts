/**
 * A pull page the server read before this device's next push landed must not overwrite that
 * push. RxDB applies a pulled state whenever the device's copy equals what it takes the server
 * to have; a push acknowledged while the pull was on its way makes that so, and the older page
 * then replaces the newer edit on the device. A CI run of the list journey saw it: a "Move up"
 * shown on screen was gone after the next edit (the note) and a reload.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { ServerTopics } from '../../src/db/server-topics';
import { SyncStateStore } from '../../src/db/sync-state';
import type { ReadingList } from '../../sync/collections/reading-lists';
import { readDoc } from './store';
import { createAccount, startSyncServer, type SyncServer } from './test-clients';
import { buildList } from './test-helpers';

let s: SyncServer;
beforeAll(async () => {
  s = await startSyncServer();
});
afterAll(async () => s.close());

const item = (bookId: string, position: number, note = '') => ({ bookId, position, note, title: bookId });
const order = (list: { items: { bookId: string }[] } | undefined) => list?.items.map((i) => i.bookId).join('');

/** A response the test lets through later. */
interface Held {
  release(): void;
}

it('keeps an edit pushed while an older pull page was on its way', async () => {
  const cookie = await createAccount(s, 'olga');
  const list = buildList({ ownerId: 'olga', items: [item('a', 0), item('b', 1), item('c', 2)], updatedAt: 1 });

  // The device's network: the first pull page that carries order "bca" is held until released,
  // and so is the pull after it.
  let holdNext: ((page: { documents: ReadingList[] }) => boolean) | null = null;
  const heldPulls: ((held: Held) => void)[] = [];
  const nextHeldPull = () => new Promise<Held>((resolve) => heldPulls.push(resolve));
  const deviceFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!String(input).endsWith('/pull') || !holdNext) return response;
    const body = await response.text();
    const { pages } = JSON.parse(body) as { pages: { documents: ReadingList[] }[] }; // the batched pull's answer
    if (!pages.some(holdNext)) return new Response(body, { status: response.status, headers: response.headers });
    holdNext = null;
    await new Promise<void>((release) => heldPulls.shift()!({ release }));
    return new Response(body, { status: response.status, headers: response.headers });
  };
  const device = await openDatabase({
    userId: 'olga',
    name: 'stale-pull-olga',
    storage: 'memory',
    transport: { baseUrl: s.url, fetch: deviceFetch, headers: { cookie, origin: s.url } },
    state: new SyncStateStore(),
    topics: new ServerTopics(),
    retryMs: 100,
    only: ['reading-lists'],
  });
  const lists = device.collections['reading-lists'];
  const replication = device.replication!.states['reading-lists']!;
  const onServer = async () => (await readDoc(s.server.ctx.db, 'reading-lists', list.id))?.doc as ReadingList | undefined;
  const onDevice = async () => (await lists.findOne(list.id).exec())?.toJSON() as ReadingList | undefined;
  /** The app's update(): a change of the stored list, applied by RxDB on the latest state. */
  const update = async (change: (current: ReadingList) => Partial<ReadingList>, updatedAt: number) => {
    const doc = await lists.findOne(list.id).exec();
    await doc!.incrementalModify((current: ReadingList) => ({ ...current, ...change(current), updatedAt }));
  };

  try {
    await lists.insert(list);
    await device.replication!.awaitInSync();

    // Second ArrowDown: "bca" is pushed; the server's hint makes the device pull it, and that
    // page is held on its way back.
    holdNext = (page) => page.documents.some((doc) => doc.id === list.id && order(doc) === 'bca');
    const stalePage = nextHeldPull();
    await update(() => ({ items: [item('b', 0), item('c', 1), item('a', 2)] }), 2);
    const stale = await stalePage;

    // "Move up": "bac" is written, pushed and acknowledged while that page is still away.
    await update(() => ({ items: [item('b', 0), item('a', 1), item('c', 2)] }), 3);
    await expect.poll(async () => order(await onServer())).toBe('bac');
    await replication.internalReplicationState!.streamQueue.up;

    // The stale page arrives. The next pull request (that page asked for again, or the one the
    // hint of "bac" starts) is held: once it is made, the stale page has been dealt with.
    holdNext = () => true;
    const nextPage = nextHeldPull();
    stale.release();
    const next = await nextPage;
    expect(order(await onDevice())).toBe('bac');

    // The note on the first book, then everything syncs.
    await update((current) => ({ items: current.items.map((i) => (i.bookId === 'b' ? { ...i, note: 'Start here' } : i)) }), 4);
    next.release();
    await device.replication!.awaitInSync();
    expect(order(await onDevice())).toBe('bac');
    expect(order(await onServer())).toBe('bac');
    expect((await onServer())?.items[0]?.note).toBe('Start here');
  } finally {
    for (const resolve of heldPulls.splice(0)) resolve({ release() {} });
    await device.close();
  }
});
