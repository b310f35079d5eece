/**
 * End to end on a real server: chapter sockets are admitted by the replicated manuscript documents
 * (written through the sync engine's push rules), a removed co-author's next socket is refused,
 * and already-open sockets follow co-author changes (removal closes with `forbidden`, a role
 * change applies at once).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES, chapterDocName } from '../../../sync/collab/close-codes';
import { manuscripts, type Manuscript } from '../../../sync/collections/manuscripts';
import { manuscriptChapters, type ManuscriptChapter } from '../../../sync/collections/manuscript-chapters';
import type { Writer } from '../../../sync/replication/collection';
import { buildSignedInUser } from '../../admin/test-helpers';
import type { RunningServer } from '../../server';
import { connectClient, docText, persistedText, startCollabServer, tempDataDir, typeParagraph, waitFor, type TestClient } from '../../collab/test-helpers';
import { applyPush } from '../../sync/push';
import { asWriter } from '../../sync/test-helpers';

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
    const [owner, editor, stranger] = await Promise.all([
      buildSignedInUser(running.ctx, { roles: ['author'] }),
      buildSignedInUser(running.ctx),
      buildSignedInUser(running.ctx),
    ]);
    const members = [{ userId: editor.user.id, username: 'ed', role: 'editor' as const }];
    const m: Manuscript & { _deleted: boolean } = {
      id: 'ms-1',
      ownerId: owner.user.id,
      ownerName: 'owner',
      title: 'Novel',
      members,
      memberIds: [editor.user.id],
      createdAt: 1,
      updatedAt: 1,
      _deleted: false,
    };
    const c: ManuscriptChapter & { _deleted: boolean } = {
      id: 'ch-1',
      manuscriptId: m.id,
      ownerId: owner.user.id,
      memberIds: [editor.user.id],
      editorIds: [editor.user.id],
      title: 'One',
      position: 0,
      wordCount: 0,
      createdAt: 1,
      updatedAt: 1,
      _deleted: false,
    };
    expect((await applyPush(running.ctx, manuscripts, asWriter(owner.user), [{ assumedMasterState: null, newDocumentState: m } as never])).rejected).toEqual(
      [],
    );
    expect(
      (await applyPush(running.ctx, manuscriptChapters, asWriter(owner.user), [{ assumedMasterState: null, newDocumentState: c } as never])).rejected,
    ).toEqual([]);
    const docName = chapterDocName(c.id);

    await connect(running.url, docName, { cookie: owner.cookie }).synced;
    await connect(running.url, docName, { cookie: editor.cookie }).synced;
    expect(await connect(running.url, docName, { cookie: stranger.cookie }).closed).toBe(CLOSE_CODES.forbidden);

    const removed = { ...m, members: [], memberIds: [], updatedAt: 2 };
    expect((await applyPush(running.ctx, manuscripts, asWriter(owner.user), [{ assumedMasterState: m, newDocumentState: removed } as never])).rejected).toEqual(
      [],
    );
    expect(await connect(running.url, docName, { cookie: editor.cookie }).closed).toBe(CLOSE_CODES.forbidden);
  });
});

type Wire<T> = T & { _deleted: boolean };

async function push<T extends { id: string }>(
  collection: typeof manuscripts | typeof manuscriptChapters,
  writer: Writer,
  previous: Wire<T> | null,
  next: Wire<T>,
) {
  const result = await applyPush(running.ctx, collection as never, writer, [{ assumedMasterState: previous, newDocumentState: next } as never]);
  expect(result.rejected).toEqual([]);
  return next;
}

async function setUp(id: string) {
  const [owner, editor, viewer] = await Promise.all([
    buildSignedInUser(running.ctx, { roles: ['author'] }),
    buildSignedInUser(running.ctx),
    buildSignedInUser(running.ctx),
  ]);
  const members = [
    { userId: editor.user.id, username: 'ed', role: 'editor' as const },
    { userId: viewer.user.id, username: 'vi', role: 'viewer' as const },
  ];
  const memberIds = members.map((m) => m.userId);
  const m = await push<Manuscript>(manuscripts, asWriter(owner.user), null, {
    id: `ms-${id}`,
    ownerId: owner.user.id,
    ownerName: 'owner',
    title: 'Novel',
    members,
    memberIds,
    createdAt: 1,
    updatedAt: 1,
    _deleted: false,
  });
  const c: Wire<ManuscriptChapter> = {
    id: `ch-${id}`,
    manuscriptId: m.id,
    ownerId: owner.user.id,
    memberIds,
    editorIds: [editor.user.id],
    title: 'One',
    position: 0,
    wordCount: 0,
    createdAt: 1,
    updatedAt: 1,
    _deleted: false,
  };
  await push<ManuscriptChapter>(manuscriptChapters, asWriter(owner.user), null, c);
  return { owner, editor, viewer, m, c, docName: chapterDocName(c.id) };
}

describe('open sockets follow co-author changes', () => {
  it('closes a removed co-author’s open socket with forbidden and keeps the others open', async () => {
    const { owner, editor, viewer, m, docName } = await setUp('remove');
    const ownerClient = connect(running.url, docName, { cookie: owner.cookie });
    const editorClient = connect(running.url, docName, { cookie: editor.cookie });
    const viewerClient = connect(running.url, docName, { cookie: viewer.cookie });
    await Promise.all([ownerClient.synced, editorClient.synced, viewerClient.synced]);

    const remaining = m.members.filter((x) => x.userId !== editor.user.id);
    await push<Manuscript>(manuscripts, asWriter(owner.user), m, { ...m, members: remaining, memberIds: remaining.map((x) => x.userId), updatedAt: 2 });

    expect(await editorClient.closed).toBe(CLOSE_CODES.forbidden);
    // The others stay: the owner still types and the viewer still receives it.
    typeParagraph(ownerClient, 'Still here.');
    await waitFor(() => docText(viewerClient.doc).includes('Still here.'));
    expect(viewerClient.provider.wsconnected).toBe(true);
  });

  it('applies a role change to the open socket: a downgraded editor’s edits are no longer kept, an upgraded viewer’s are', async () => {
    const { owner, editor, viewer, m, docName } = await setUp('rerole');
    const editorClient = connect(running.url, docName, { cookie: editor.cookie });
    const viewerClient = connect(running.url, docName, { cookie: viewer.cookie });
    await Promise.all([editorClient.synced, viewerClient.synced]);

    const swapped = m.members.map((x) => ({ ...x, role: x.role === 'editor' ? ('viewer' as const) : ('editor' as const) }));
    await push<Manuscript>(manuscripts, asWriter(owner.user), m, { ...m, members: swapped, updatedAt: 2 });
    // The change is applied asynchronously after the push; give the watcher its turn.
    await new Promise((r) => setTimeout(r, 100));

    typeParagraph(viewerClient, 'Upgraded writes.');
    await waitFor(async () => (await persistedText(running.ctx, docName)).includes('Upgraded writes.'));
    typeParagraph(editorClient, 'Downgraded writes.');
    await new Promise((r) => setTimeout(r, 300));
    expect(await persistedText(running.ctx, docName)).not.toContain('Downgraded writes.');
    expect(editorClient.provider.wsconnected).toBe(true);
  });
});
