/**
 * The client engine's failure paths against the real server: a 401 during sync pauses
 * replication, keeps every pending change and asks to sign in again; after signing in, retry()
 * delivers them. An outdated client is told to update Quire and sends nothing. A server view's
 * topic (the support inbox) reaches the pages that show it, and every reconnect asks them to look again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../auth/sessions';
import { PROTOCOL_HEADER } from '../../sync/replication/protocol-version';
import { announceInboxChange } from '../support/live';
import { buildList, buildUser } from './test-helpers';
import { createAccount, openDevice, startSyncServer, type SyncServer } from './test-clients';

let s: SyncServer;
beforeAll(async () => {
  s = await startSyncServer();
});
afterAll(async () => s.close());

async function until(check: () => boolean | Promise<boolean>, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function newList(ownerId: string, name: string) {
  const { _deleted, ...list } = buildList({ ownerId, name });
  return list;
}

describe('client engine', () => {
  it('keeps pending changes through a 401 and delivers them after signing in again', async () => {
    const cookie = await createAccount(s, 'carol');
    const device = await openDevice(s, 'carol', cookie);
    try {
      await device.replication!.awaitInSync();
      await until(() => device.state.get().status === 'synced');
      device.setOnline(false);
      await s.server.ctx.db.deleteFrom('sessions').where('userId', '=', 'carol').execute();
      await device.collections['reading-lists'].insert(newList('carol', 'written while the session ended'));
      expect(device.state.get().pending).toBe(1);
      await until(() => device.state.get().status === 'offline');
      device.setOnline(true);
      await until(() => device.state.get().status === 'signed-out');
      expect(device.state.get().pending).toBe(1);
      expect(await device.collections['reading-lists'].count().exec()).toBe(1);

      const { token } = await createSession(s.server.ctx, 'carol', { userAgent: '', ip: '' });
      device.transportHeaders.cookie = `quire_session=${token}`;
      device.state.retry();
      await until(() => device.state.get().status === 'synced' && device.state.get().pending === 0);
      const stored = await s.server.ctx.db.selectFrom('syncDocs').select('doc').execute();
      expect(stored.map((r) => JSON.parse(r.doc).name)).toEqual(['written while the session ended']);
    } finally {
      await device.close();
    }
  });

  it('counts no change waiting for a write that leaves a document as the server has it', async () => {
    const cookie = await createAccount(s, 'fay');
    const device = await openDevice(s, 'fay', cookie);
    try {
      const list = await device.collections['reading-lists'].insert(newList('fay', 'Unchanged'));
      await until(() => device.state.get().status === 'synced' && device.state.get().pending === 0);
      // A save of what is already there (a field committed twice, a move undone before it was
      // pushed): RxDB sees the server already has it and pushes nothing, so nothing will acknowledge it.
      await list.getLatest().incrementalPatch({ name: 'Renamed' });
      await list.getLatest().incrementalPatch({ name: 'Unchanged' });
      await until(() => device.state.get().status === 'synced' && device.state.get().pending === 0);
      await list.getLatest().incrementalPatch({ name: 'Unchanged' });
      await until(() => device.state.get().status === 'synced' && device.state.get().pending === 0);
      const stored = await s.server.ctx.db.selectFrom('syncDocs').select('doc').where('id', '=', list.id).executeTakeFirstOrThrow();
      expect(JSON.parse(stored.doc).name).toBe('Unchanged');
    } finally {
      await device.close();
    }
  });

  it('tells an outdated client to update Quire', async () => {
    const cookie = await createAccount(s, 'dave');
    const device = await openDevice(s, 'dave', cookie, { [PROTOCOL_HEADER]: '0' });
    try {
      await device.collections['reading-lists'].insert(newList('dave', 'never sent'));
      await until(() => device.state.get().status === 'outdated');
      expect(await s.server.ctx.db.selectFrom('syncAudience').select('docId').where('userId', '=', 'dave').execute()).toEqual([]);
    } finally {
      await device.close();
    }
  });

  it("passes the support inbox's topic to staff's pages, and after a reconnect asks them to look again", async () => {
    const cookie = await buildUser(s.server.ctx, 'erin', ['admin']);
    const device = await openDevice(s, 'erin', cookie);
    const heard: (string | null)[] = [];
    device.topics.subscribe((topic) => heard.push(topic));
    try {
      await until(() => heard.includes(null)); // the stream's RESYNC on connecting
      await announceInboxChange(s.server.ctx);
      await until(() => heard.includes('support'));
      heard.length = 0;
      device.setOnline(false); // drops the stream at once; no push is waiting to notice it, so the badge may still say synced
      await announceInboxChange(s.server.ctx); // while the stream is down: no one hears it
      expect(heard).toEqual([]);
      device.setOnline(true);
      await until(() => heard.includes(null)); // whatever changed while offline: look again
    } finally {
      await device.close();
    }
  });
});
