/**
 * End to end on a real server: chapter sockets are admitted by the replicated manuscript documents
 * (written through the sync engine's push rules), and a removed co-author's next socket is refused.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES, chapterDocName } from '../../sync/collab/close-codes';
import { manuscripts, type Manuscript } from '../../sync/collections/manuscripts';
import { manuscriptChapters, type ManuscriptChapter } from '../../sync/collections/manuscript-chapters';
import { buildSignedInUser } from '../admin/test-helpers';
import type { RunningServer } from '../server';
import { connectClient, startCollabServer, tempDataDir, type TestClient } from '../collab/test-helpers';
import { applyPush } from '../sync/push';

let running: RunningServer;
const clients: TestClient[] = [];
function connect(...args: Parameters<typeof connectClient>) {
  const client = connectClient(...args);
  clients.push(client);
  return client;
}

beforeAll(async () => {
  running = await startCollabServer(tempDataDir());
});
afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
});
afterAll(async () => running.close());

describe('collaboration follows the replicated co-author list', () => {
  it('admits the owner and an editor, refuses a stranger, and refuses the editor once removed', async () => {
    const [owner, editor, stranger] = await Promise.all([buildSignedInUser(running.ctx), buildSignedInUser(running.ctx), buildSignedInUser(running.ctx)]);
    const members = [{ userId: editor.user.id, username: 'ed', role: 'editor' as const }];
    const m: Manuscript & { _deleted: boolean } = { id: 'ms-1', ownerId: owner.user.id, ownerName: 'owner', title: 'Novel', members, memberIds: [editor.user.id], createdAt: 1, updatedAt: 1, _deleted: false };
    const c: ManuscriptChapter & { _deleted: boolean } = { id: 'ch-1', manuscriptId: m.id, ownerId: owner.user.id, memberIds: [editor.user.id], editorIds: [editor.user.id], title: 'One', position: 0, wordCount: 0, createdAt: 1, updatedAt: 1, _deleted: false };
    expect((await applyPush(running.ctx, manuscripts, owner.user.id, [{ assumedMasterState: null, newDocumentState: m } as never])).rejected).toEqual([]);
    expect((await applyPush(running.ctx, manuscriptChapters, owner.user.id, [{ assumedMasterState: null, newDocumentState: c } as never])).rejected).toEqual([]);
    const docName = chapterDocName(c.id);

    await connect(running.url, docName, { cookie: owner.cookie }).synced;
    await connect(running.url, docName, { cookie: editor.cookie }).synced;
    expect(await connect(running.url, docName, { cookie: stranger.cookie }).closed).toBe(CLOSE_CODES.forbidden);

    const removed = { ...m, members: [], memberIds: [], updatedAt: 2 };
    expect((await applyPush(running.ctx, manuscripts, owner.user.id, [{ assumedMasterState: m, newDocumentState: removed } as never])).rejected).toEqual([]);
    expect(await connect(running.url, docName, { cookie: editor.cookie }).closed).toBe(CLOSE_CODES.forbidden);
  });
});
