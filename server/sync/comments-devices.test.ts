/**
 * Comment threads between two real devices (the client engine against a real server): the owner
 * resolves a thread while offline, after its author edited it elsewhere. The resolve must survive
 * and so must the edit, on both devices and the server — a CI run once saw the resolve undone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ManuscriptComment } from '../../sync/collections/manuscript-comments';
import type { Manuscript } from '../../sync/collections/manuscripts';
import { openDevice, startSyncServer, type Device, type SyncServer } from './test-clients';
import type { GrantableRole } from '../../sync/roles';
import { buildUser } from './test-helpers';

let s: SyncServer;
beforeAll(async () => {
  s = await startSyncServer();
});
afterAll(async () => s.close());

const manuscript: Manuscript = {
  id: 'm1',
  ownerId: 'owner',
  ownerName: 'owner',
  title: 'Book',
  members: [{ userId: 'com', username: 'com', role: 'commenter' }],
  memberIds: ['com'],
  createdAt: 1,
  updatedAt: 1,
};

const root: ManuscriptComment = {
  id: 't1',
  manuscriptId: 'm1',
  chapterId: 'c1',
  threadId: 't1',
  authorId: 'com',
  authorName: 'com',
  ownerId: 'owner',
  memberIds: ['com'],
  body: 'Which ships?',
  anchor: { exact: 'ships', prefix: 'counted ', suffix: ' every' },
  resolved: false,
  statusChangedBy: '',
  statusChangedAt: 0,
  removed: false,
  editedAt: 0,
  createdAt: 1,
  updatedAt: 1,
};

const open = async (userId: string, roles: GrantableRole[] = []) =>
  openDevice(s, userId, await buildUser(s.server.ctx, userId, roles), {}, ['manuscripts', 'manuscript-comments']);

async function thread(device: Device): Promise<ManuscriptComment | undefined> {
  const doc = await device.collections['manuscript-comments'].findOne('t1').exec();
  return doc?.toJSON() as ManuscriptComment | undefined;
}

async function patch(device: Device, change: Partial<ManuscriptComment>) {
  await (await device.collections['manuscript-comments'].findOne('t1').exec())!.incrementalPatch(change);
}

it('keeps an offline resolve made before the author’s edit arrived, and the edit', async () => {
  const owner = await open('owner', ['author']);
  const commenter = await open('com');
  try {
    await owner.collections.manuscripts.insert(manuscript);
    await owner.replication!.awaitInSync();
    await commenter.collections['manuscript-comments'].insert(root);
    await commenter.replication!.awaitInSync();
    await expect.poll(() => thread(owner)).toMatchObject({ body: 'Which ships?' });

    owner.setOnline(false);
    await patch(commenter, { body: 'Which ships? Name two.', editedAt: 10, updatedAt: 10 }); // as the editor's Save writes it
    await commenter.replication!.awaitInSync();
    await patch(owner, { resolved: true, statusChangedBy: 'owner', statusChangedAt: 20, updatedAt: 20 }); // as Resolve writes it
    owner.setOnline(true);

    const settled = { resolved: true, statusChangedBy: 'owner', body: 'Which ships? Name two.', editedAt: 10 };
    await expect.poll(() => thread(owner), { timeout: 5000 }).toMatchObject(settled);
    await expect.poll(() => thread(commenter), { timeout: 5000 }).toMatchObject(settled);
    expect(owner.state.get().refused).toBe(0);
  } finally {
    await owner.close();
    await commenter.close();
  }
});
