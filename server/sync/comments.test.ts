/**
 * Comment threads through the real push and pull: the manuscript as the server holds it decides
 * who may comment, so a viewer's or a stranger's comment is refused even when the comment's own
 * audience copy names them, and a commenter's is stored and reaches every co-author.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mergeComments, type ManuscriptComment } from '../../sync/collections/manuscript-comments';
import type { Manuscript } from '../../sync/collections/manuscripts';
import { buildTestContext, type TestContext } from '../test/test-context';
import { buildUser, pull, push } from './test-helpers';

let t: TestContext;
const cookies: Record<string, string> = {};

const manuscript: Manuscript = {
  id: 'm1',
  ownerId: 'owner',
  ownerName: 'owner',
  title: 'Book',
  members: [
    { userId: 'com', username: 'com', role: 'commenter' },
    { userId: 'view', username: 'view', role: 'viewer' },
  ],
  memberIds: ['com', 'view'],
  createdAt: 1,
  updatedAt: 1,
};

function comment(authorId: string, overrides: Partial<ManuscriptComment> = {}): ManuscriptComment & { _deleted: boolean } {
  return {
    id: `t-${authorId}`,
    manuscriptId: 'm1',
    chapterId: 'c1',
    threadId: `t-${authorId}`,
    authorId,
    authorName: authorId,
    ownerId: 'owner',
    memberIds: ['com', 'view'],
    body: 'A note',
    anchor: { exact: 'words', prefix: '', suffix: '' },
    resolved: false,
    statusChangedBy: '',
    statusChangedAt: 0,
    removed: false,
    editedAt: 0,
    createdAt: 1,
    updatedAt: 1,
    _deleted: false,
    ...overrides,
  };
}

const pushComments = (user: string, rows: unknown[]) => push(t, cookies[user]!, rows, 'manuscript-comments');
const pullComments = async (user: string) => (await pull(t, cookies[user]!, null, 100, 'manuscript-comments')).documents;

beforeEach(async () => {
  t = await buildTestContext();
  for (const id of ['owner', 'com', 'view', 'stranger']) cookies[id] = await buildUser(t.ctx, id, id === 'owner' ? ['author'] : []);
  const result = await push(t, cookies.owner!, [{ assumedMasterState: null, newDocumentState: { ...manuscript, _deleted: false } }], 'manuscripts');
  expect(result.rejected).toEqual([]);
});
afterEach(async () => t.close());

describe('manuscript comments over sync', () => {
  it("stores a commenter's thread and streams it to every co-author, not to strangers", async () => {
    const result = await pushComments('com', [{ assumedMasterState: null, newDocumentState: comment('com') }]);
    expect(result.rejected).toEqual([]);
    for (const user of ['owner', 'com', 'view']) expect((await pullComments(user)).map((d) => d.id)).toEqual(['t-com']);
    expect(await pullComments('stranger')).toEqual([]);
  });

  it("refuses a viewer's and a stranger's comment, even one naming them in its audience", async () => {
    const viewer = await pushComments('view', [{ assumedMasterState: null, newDocumentState: comment('view') }]);
    const stranger = await pushComments('stranger', [
      { assumedMasterState: null, newDocumentState: comment('stranger') },
      { assumedMasterState: null, newDocumentState: comment('stranger', { id: 't-2', threadId: 't-2', memberIds: ['com', 'view', 'stranger'] }) },
    ]);
    expect(viewer.rejected.map((r) => r.code)).toEqual(['forbidden']);
    expect(stranger.rejected.map((r) => r.code)).toEqual(['forbidden', 'forbidden']);
    expect(await pullComments('owner')).toEqual([]);
  });

  it('refuses comments on a manuscript the server does not hold, and after the commenter is removed', async () => {
    const unknown = await pushComments('com', [{ assumedMasterState: null, newDocumentState: comment('com', { manuscriptId: 'nope' }) }]);
    expect(unknown.rejected.map((r) => r.code)).toEqual(['forbidden']);
    const removed = { ...manuscript, members: manuscript.members.filter((m) => m.userId !== 'com'), memberIds: ['view'], updatedAt: 2, _deleted: false };
    await push(t, cookies.owner!, [{ assumedMasterState: { ...manuscript, _deleted: false }, newDocumentState: removed }], 'manuscripts');
    const late = await pushComments('com', [{ assumedMasterState: null, newDocumentState: comment('com', { memberIds: ['view'] }) }]);
    expect(late.rejected.map((r) => r.code)).toEqual(['forbidden']);
  });

  it('lets the owner resolve a commenter’s thread but not rewrite it, and the viewer neither', async () => {
    const first = comment('com');
    await pushComments('com', [{ assumedMasterState: null, newDocumentState: first }]);
    const resolved = { ...first, resolved: true, statusChangedBy: 'owner', statusChangedAt: 5, updatedAt: 5 };
    expect((await pushComments('view', [{ assumedMasterState: first, newDocumentState: resolved }])).rejected.map((r) => r.code)).toEqual(['forbidden']);
    expect(
      (await pushComments('owner', [{ assumedMasterState: first, newDocumentState: { ...first, body: 'mine now' } }])).rejected.map((r) => r.code),
    ).toEqual(['forbidden']);
    expect((await pushComments('owner', [{ assumedMasterState: first, newDocumentState: resolved }])).rejected).toEqual([]);
    expect(
      (await pushComments('com', [{ assumedMasterState: resolved, newDocumentState: { ...resolved, _deleted: true } }])).rejected.map((r) => r.code),
    ).toEqual(['forbidden']);
    const [stored] = await pullComments('com');
    expect(stored).toMatchObject({ resolved: true, body: 'A note', _deleted: false });
  });
});

describe('concurrent changes to a thread', () => {
  it('answers a resolve made on an out-of-date copy with a conflict, not a refusal, so the owner’s device can merge it', async () => {
    const first = comment('com');
    await pushComments('com', [{ assumedMasterState: null, newDocumentState: first }]);
    // The author edits the text; the owner, not having pulled the edit yet, resolves.
    const edited = { ...first, body: 'A better note', editedAt: 4, updatedAt: 4 };
    expect((await pushComments('com', [{ assumedMasterState: first, newDocumentState: edited }])).rejected).toEqual([]);
    const resolvedStale = { ...first, resolved: true, statusChangedBy: 'owner', statusChangedAt: 5, updatedAt: 5 };
    const answer = await pushComments('owner', [{ assumedMasterState: first, newDocumentState: resolvedStale }]);
    expect(answer.rejected).toEqual([]);
    expect(answer.conflicts).toEqual([expect.objectContaining({ body: 'A better note', resolved: false })]);
    // The device merges (status from its change, text from the server) and pushes again.
    const merged = mergeComments({ newDocumentState: resolvedStale, assumedMasterState: first, realMasterState: answer.conflicts[0] as never });
    const again = await pushComments('owner', [{ assumedMasterState: answer.conflicts[0], newDocumentState: merged }]);
    expect(again).toEqual({ conflicts: [], rejected: [] });
    const [stored] = await pullComments('com');
    expect(stored).toMatchObject({ resolved: true, statusChangedBy: 'owner', body: 'A better note', editedAt: 4 });
  });

  it('still refuses a stale change from someone outside the thread’s audience, revealing nothing', async () => {
    const first = comment('com');
    await pushComments('com', [{ assumedMasterState: null, newDocumentState: first }]);
    await pushComments('com', [{ assumedMasterState: first, newDocumentState: { ...first, body: 'Changed', editedAt: 4, updatedAt: 4 } }]);
    const answer = await pushComments('stranger', [
      { assumedMasterState: first, newDocumentState: { ...first, resolved: true, statusChangedBy: 'stranger', statusChangedAt: 5 } },
    ]);
    expect(answer).toEqual({ conflicts: [], rejected: [expect.objectContaining({ code: 'forbidden' })] });
  });
});
