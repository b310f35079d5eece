/**
 * Archiving and deleting a manuscript over the real sync routes: only the owner archives (an
 * editor's push that sets `archived` is refused, their retitle of an archived manuscript is not),
 * documents stored before the field existed still take edits, and a deletion takes the
 * manuscript's chapters and comments with it for every co-author.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manuscriptComments, type ManuscriptComment } from '../../sync/collections/manuscript-comments';
import type { ManuscriptChapter } from '../../sync/collections/manuscript-chapters';
import type { Manuscript } from '../../sync/collections/manuscripts';
import { writeServerDoc } from '../sync/server-write';
import { buildUser, pull, push } from '../sync/test-helpers';
import { buildTestContext, type TestContext } from '../test/test-context';

let t: TestContext;
const cookie: Record<string, string> = {};
beforeEach(async () => {
  t = await buildTestContext();
  cookie.owner = await buildUser(t.ctx, 'owner', ['author']);
  cookie.editor = await buildUser(t.ctx, 'editor', ['author']);
});
afterEach(async () => t.close());

type Wire<T> = T & { _deleted: boolean };
const M = 'manuscripts';
const C = 'manuscript-chapters';
const create = <T>(doc: T) => [{ assumedMasterState: null, newDocumentState: doc }];
const change = <T>(previous: T, next: T) => [{ assumedMasterState: previous, newDocumentState: next }];
const codes = (result: { rejected: { code: string }[] }) => result.rejected.map((r) => r.code);

function manuscript(id: string, overrides: Partial<Manuscript> = {}): Wire<Manuscript> {
  const members: Manuscript['members'] = [{ userId: 'editor', username: 'editor', role: 'editor' }];
  return {
    id,
    ownerId: 'owner',
    ownerName: 'owner',
    title: 'Novel',
    members,
    memberIds: ['editor'],
    createdAt: 1,
    updatedAt: 1,
    _deleted: false,
    ...overrides,
  };
}

function chapter(id: string, manuscriptId: string): Wire<ManuscriptChapter> {
  return {
    id,
    manuscriptId,
    ownerId: 'owner',
    memberIds: ['editor'],
    editorIds: ['editor'],
    title: id,
    position: 0,
    wordCount: 0,
    createdAt: 1,
    updatedAt: 1,
    _deleted: false,
  };
}

function comment(id: string, manuscriptId: string, chapterId: string): ManuscriptComment {
  return {
    id,
    manuscriptId,
    chapterId,
    threadId: id,
    authorId: 'editor',
    authorName: 'editor',
    ownerId: 'owner',
    memberIds: ['editor'],
    body: 'Why?',
    resolved: false,
    statusChangedBy: '',
    statusChangedAt: 0,
    removed: false,
    editedAt: 0,
    createdAt: 1,
    updatedAt: 1,
  };
}

describe('archiving a manuscript', () => {
  it('is the owner’s alone; an editor still retitles an archived manuscript', async () => {
    const m = manuscript('m1');
    expect(codes(await push(t, cookie.owner!, create(m), M))).toEqual([]);
    expect(codes(await push(t, cookie.editor!, change(m, { ...m, archived: true, updatedAt: 2 }), M))).toEqual(['forbidden']);

    const archived = { ...m, archived: true, updatedAt: 2 };
    expect(codes(await push(t, cookie.owner!, change(m, archived), M))).toEqual([]);
    const retitled = { ...archived, title: 'Better', updatedAt: 3 };
    expect(codes(await push(t, cookie.editor!, change(archived, retitled), M))).toEqual([]);
    expect(codes(await push(t, cookie.editor!, change(retitled, { ...retitled, archived: false, updatedAt: 4 }), M))).toEqual(['forbidden']);
    expect((await pull(t, cookie.editor!, null, 100, M)).documents).toEqual([expect.objectContaining({ id: 'm1', archived: true, title: 'Better' })]);
  });

  it('keeps manuscripts stored without the field (written before it existed) valid and editable', async () => {
    const old = manuscript('m-old');
    expect('archived' in old).toBe(false);
    expect(codes(await push(t, cookie.owner!, create(old), M))).toEqual([]);
    expect(codes(await push(t, cookie.editor!, change(old, { ...old, title: 'Retitled', updatedAt: 2 }), M))).toEqual([]);
    expect(codes(await push(t, cookie.owner!, create({ ...manuscript('m-bad'), archived: 'yes' as never }), M))).toEqual(['validation_failed']);
  });
});

describe('deleting a manuscript', () => {
  it('takes its chapters and comments with it, for the owner and every co-author, and nothing else', async () => {
    const m = manuscript('m1');
    const other = manuscript('m2');
    await push(t, cookie.owner!, [...create(m), ...create(other)], M);
    expect(codes(await push(t, cookie.owner!, [...create(chapter('c1', 'm1')), ...create(chapter('c2', 'm1')), ...create(chapter('c3', 'm2'))], C))).toEqual(
      [],
    );
    await writeServerDoc(t.ctx, manuscriptComments, comment('k1', 'm1', 'c1'));
    await writeServerDoc(t.ctx, manuscriptComments, comment('k2', 'm2', 'c3'));

    expect(codes(await push(t, cookie.owner!, change(m, { ...m, _deleted: true }), M))).toEqual([]);

    const live = async (who: string, collection: string) =>
      (await pull(t, cookie[who]!, null, 100, collection)).documents
        .filter((d: { _deleted: boolean }) => !d._deleted)
        .map((d: { id: string }) => d.id)
        .sort();
    for (const who of ['owner', 'editor']) {
      await expect.poll(() => live(who, C)).toEqual(['c3']);
      await expect.poll(() => live(who, 'manuscript-comments')).toEqual(['k2']);
    }
    // The chapters are gone for the collaboration server and the book view too.
    const book = await t.request('/api/manuscripts/m1/book', { cookie: cookie.owner });
    expect(book.status).toBe(404);
  });
});
