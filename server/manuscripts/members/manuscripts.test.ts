/**
 * Manuscripts and chapters over the sync engine: who pulls and pushes them, and that the
 * collaboration socket follows the replicated co-author list.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Manuscript } from '../../../sync/collections/manuscripts';
import type { ManuscriptChapter } from '../../../sync/collections/manuscript-chapters';
import { chapterDocName } from '../../../sync/collab/close-codes';
import { firstKnownAccess, replicatedCollabAccess } from '../access/replicated-access';
import { sqliteCollabAccess } from '../access/access';
import { buildUser, pull, push } from '../../sync/test-helpers';
import { buildTestContext, type TestContext } from '../../test/test-context';

let t: TestContext;
let owner: string;
let editor: string;
let stranger: string;

beforeEach(async () => {
  t = await buildTestContext();
  owner = await buildUser(t.ctx, 'owner', ['author']);
  editor = await buildUser(t.ctx, 'editor');
  stranger = await buildUser(t.ctx, 'stranger');
});
afterEach(async () => t.close());

function buildManuscript(overrides: Partial<Manuscript> = {}): Manuscript & { _deleted: boolean } {
  const members = overrides.members ?? [{ userId: 'editor', username: 'editor', role: 'editor' as const }];
  return {
    id: 'm1',
    ownerId: 'owner',
    ownerName: 'owner',
    title: 'Novel',
    members,
    memberIds: members.map((m) => m.userId),
    createdAt: 1,
    updatedAt: 1,
    _deleted: false,
    ...overrides,
  };
}

function buildChapter(overrides: Partial<ManuscriptChapter> = {}): ManuscriptChapter & { _deleted: boolean } {
  return {
    id: 'c1',
    manuscriptId: 'm1',
    ownerId: 'owner',
    memberIds: ['editor'],
    editorIds: ['editor'],
    title: 'One',
    position: 0,
    wordCount: 0,
    createdAt: 1,
    updatedAt: 1,
    _deleted: false,
    ...overrides,
  };
}

const M = 'manuscripts';
const C = 'manuscript-chapters';

describe('manuscripts visibility', () => {
  it('replicates to the owner and members, never to a stranger', async () => {
    const m = buildManuscript();
    expect((await push(t, owner, [{ assumedMasterState: null, newDocumentState: m }], M)).rejected).toEqual([]);
    expect((await pull(t, owner, null, 100, M)).documents.map((d) => d.id)).toEqual(['m1']);
    expect((await pull(t, editor, null, 100, M)).documents.map((d) => d.id)).toEqual(['m1']);
    expect((await pull(t, stranger, null, 100, M)).documents).toEqual([]);
  });

  it("refuses a stranger's push and an editor's change of members; lets the editor retitle", async () => {
    const m = buildManuscript();
    await push(t, owner, [{ assumedMasterState: null, newDocumentState: m }], M);
    const byStranger = await push(t, stranger, [{ assumedMasterState: m, newDocumentState: { ...m, title: 'Mine' } }], M);
    expect(byStranger.rejected.map((r) => r.code)).toEqual(['forbidden']);
    const members = [...m.members, { userId: 'stranger', username: 'stranger', role: 'editor' as const }];
    const byEditor = await push(t, editor, [{ assumedMasterState: m, newDocumentState: { ...m, members, memberIds: members.map((x) => x.userId) } }], M);
    expect(byEditor.rejected.map((r) => r.code)).toEqual(['forbidden']);
    const retitled = await push(t, editor, [{ assumedMasterState: m, newDocumentState: { ...m, title: 'Better', updatedAt: 2 } }], M);
    expect(retitled.rejected).toEqual([]);
  });

  it('lets editors add chapters but not move them to another manuscript; strangers nothing', async () => {
    await push(t, owner, [{ assumedMasterState: null, newDocumentState: buildManuscript() }], M);
    const c = buildChapter();
    expect((await push(t, editor, [{ assumedMasterState: null, newDocumentState: c }], C)).rejected).toEqual([]);
    const moved = await push(t, editor, [{ assumedMasterState: c, newDocumentState: { ...c, memberIds: [], editorIds: [] } }], C);
    expect(moved.rejected.map((r) => r.code)).toEqual(['forbidden']);
    const byStranger = await push(t, stranger, [{ assumedMasterState: null, newDocumentState: buildChapter({ id: 'c2', editorIds: [], memberIds: [] }) }], C);
    expect(byStranger.rejected.map((r) => r.code)).toEqual(['forbidden']);
    expect((await pull(t, stranger, null, 100, C)).documents).toEqual([]);
  });
});

describe('collaboration access follows the replicated co-author list', () => {
  it('admits owner and member, refuses a removed member and a stranger', async () => {
    const access = firstKnownAccess(replicatedCollabAccess(t.ctx.db), sqliteCollabAccess(t.ctx.db));
    const m = buildManuscript();
    await push(t, owner, [{ assumedMasterState: null, newDocumentState: m }], M);
    await push(t, owner, [{ assumedMasterState: null, newDocumentState: buildChapter() }], C);
    const doc = chapterDocName('c1');
    expect(await access.exists(doc)).toBe(true);
    expect(await access.roleFor('owner', doc)).toBe('owner');
    expect(await access.roleFor('editor', doc)).toBe('editor');
    expect(await access.roleFor('stranger', doc)).toBeNull();
    await push(t, owner, [{ assumedMasterState: m, newDocumentState: { ...m, members: [], memberIds: [], updatedAt: 2 } }], M);
    expect(await access.roleFor('editor', doc)).toBeNull();
  });

  it('forgets a deleted chapter', async () => {
    const access = replicatedCollabAccess(t.ctx.db);
    await push(t, owner, [{ assumedMasterState: null, newDocumentState: buildManuscript() }], M);
    const c = buildChapter();
    await push(t, owner, [{ assumedMasterState: null, newDocumentState: c }], C);
    await push(t, owner, [{ assumedMasterState: c, newDocumentState: { ...c, _deleted: true } }], C);
    expect(await access.exists(chapterDocName('c1'))).toBe(false);
  });
});

describe('user lookup', () => {
  it('finds an active account by username, 404 otherwise, 401 signed out', async () => {
    const found = await t.request('/api/users/lookup?username=editor', { cookie: editor });
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual({ id: 'editor', username: 'editor', displayName: 'editor' });
    expect((await t.request('/api/users/lookup?username=nobody', { cookie: editor })).status).toBe(404);
    expect((await t.request('/api/users/lookup?username=editor')).status).toBe(401);
  });
});
