import { describe, expect, it } from 'vitest';
import { manuscriptComments, mayWriteComment, mergeComments, type ManuscriptComment } from './manuscript-comments';
import type { Manuscript } from './manuscripts';

const manuscript: Manuscript = {
  id: 'm1',
  ownerId: 'owner',
  ownerName: 'owner',
  title: 'Book',
  members: [
    { userId: 'ed', username: 'ed', role: 'editor' },
    { userId: 'com', username: 'com', role: 'commenter' },
    { userId: 'view', username: 'view', role: 'viewer' },
  ],
  memberIds: ['ed', 'com', 'view'],
  createdAt: 1,
  updatedAt: 1,
};

function thread(authorId: string, overrides: Partial<ManuscriptComment> = {}): ManuscriptComment {
  return {
    id: 't1',
    manuscriptId: 'm1',
    chapterId: 'c1',
    threadId: 't1',
    authorId,
    authorName: authorId,
    ownerId: 'owner',
    memberIds: ['ed', 'com', 'view'],
    body: 'Is this right?',
    anchor: { exact: 'the sea', prefix: 'across ', suffix: ' at dawn' },
    resolved: false,
    statusChangedBy: '',
    statusChangedAt: 0,
    removed: false,
    editedAt: 0,
    createdAt: 1,
    updatedAt: 1,
    ...overrides,
  };
}

function reply(authorId: string, overrides: Partial<ManuscriptComment> = {}): ManuscriptComment {
  const { anchor: _none, ...rest } = thread(authorId, { id: 'r1', body: 'Yes.', ...overrides });
  return { ...rest, threadId: 't1' };
}

const may = (c: ManuscriptComment, prev: ManuscriptComment | null, user: string, m: Manuscript | null = manuscript) => mayWriteComment(c, prev, user, m);

describe('manuscript comments: who may write what', () => {
  it('lets the owner, editors and commenters start threads and reply; never viewers or strangers', () => {
    for (const user of ['owner', 'ed', 'com']) {
      expect(may(thread(user), null, user)).toBe(true);
      expect(may(reply(user), null, user)).toBe(true);
    }
    expect(may(thread('view'), null, 'view')).toBe(false);
    expect(may(thread('stranger'), null, 'stranger')).toBe(false);
  });

  it('refuses a comment written in someone else’s name, or for a manuscript that does not back it', () => {
    expect(may(thread('ed'), null, 'com')).toBe(false);
    expect(may(thread('com'), null, 'com', null)).toBe(false);
    expect(may(thread('com', { manuscriptId: 'm2' }), null, 'com')).toBe(false);
    expect(may(thread('com', { ownerId: 'com' }), null, 'com')).toBe(false);
  });

  it('never lets a co-author hand a comment to a stranger; the owner sets the audience copy', () => {
    expect(may(thread('com', { memberIds: ['com', 'stranger'] }), null, 'com')).toBe(false);
    expect(may(thread('com', { memberIds: ['com'] }), null, 'com')).toBe(true); // a stale, narrower copy
    const t = thread('com');
    expect(may({ ...t, memberIds: ['ed', 'com', 'view', 'newcomer'] }, t, 'owner')).toBe(true);
  });

  it('keeps anchors on thread starts only and refuses empty comments', () => {
    expect(may({ ...reply('com'), anchor: thread('com').anchor }, null, 'com')).toBe(false);
    const { anchor: _a, ...unanchored } = thread('com');
    expect(may(unanchored, null, 'com')).toBe(false);
    expect(may(thread('com', { body: '   ' }), null, 'com')).toBe(false);
    expect(may(reply('com', { resolved: true }), null, 'com')).toBe(false);
  });

  it('lets anyone who comments resolve and reopen a thread, not viewers', () => {
    const t = thread('com');
    const resolved = { ...t, resolved: true, statusChangedBy: 'ed', statusChangedAt: 5, updatedAt: 5 };
    expect(may(resolved, t, 'ed')).toBe(true);
    expect(may(resolved, t, 'owner')).toBe(true);
    expect(may(resolved, t, 'view')).toBe(false);
    expect(may({ ...resolved, resolved: false, statusChangedAt: 6 }, resolved, 'com')).toBe(true);
  });

  it('lets only the author edit a comment’s text', () => {
    const t = thread('com');
    expect(may({ ...t, body: 'Better question?', editedAt: 7, updatedAt: 7 }, t, 'com')).toBe(true);
    expect(may({ ...t, editedAt: 7 }, t, 'ed')).toBe(false);
    expect(may({ ...t, body: 'Rewritten by ed' }, t, 'ed')).toBe(false);
    expect(may({ ...t, body: 'Rewritten by the owner' }, t, 'owner')).toBe(false);
  });

  it('lets the author or the owner delete, nobody else; deleted stays deleted and empty', () => {
    const t = thread('com');
    const removed = { ...t, removed: true, body: '' };
    expect(may(removed, t, 'com')).toBe(true);
    expect(may(removed, t, 'owner')).toBe(true);
    expect(may(removed, t, 'ed')).toBe(false);
    expect(may({ ...t, removed: true }, t, 'com')).toBe(false); // text must go with it
    expect(may({ ...t, body: 'back' }, removed, 'com')).toBe(false);
  });

  it('never moves a comment to another chapter, thread or author', () => {
    const t = thread('com');
    expect(may({ ...t, chapterId: 'c2' }, t, 'com')).toBe(false);
    expect(may({ ...t, authorId: 'ed', authorName: 'ed' }, t, 'com')).toBe(false);
    expect(may({ ...t, anchor: { exact: 'x', prefix: '', suffix: '' } }, t, 'com')).toBe(false);
  });

  it('refuses every sync deletion: deleting is the removed flag', () => {
    expect(manuscriptComments.visibility.deletable).toBe(false);
    expect(manuscriptComments.visibility.audience(thread('com'))).toEqual(['owner', 'ed', 'com', 'view']);
  });
});

describe('manuscript comments: merging concurrent changes', () => {
  const base = thread('com');
  const doc = (c: ManuscriptComment) => ({ ...c, _deleted: false });

  it('keeps the later status change and the server’s audience copy', () => {
    const mine = doc({ ...base, resolved: true, statusChangedBy: 'ed', statusChangedAt: 10, updatedAt: 10 });
    const master = doc({ ...base, memberIds: ['ed', 'com', 'view', 'new'], updatedAt: 8 });
    const merged = mergeComments({ newDocumentState: mine, realMasterState: master });
    expect(merged).toMatchObject({ resolved: true, statusChangedAt: 10, memberIds: ['ed', 'com', 'view', 'new'] });
    const older = mergeComments({
      newDocumentState: doc({ ...base, resolved: true, statusChangedAt: 3 }),
      realMasterState: doc({ ...base, resolved: false, statusChangedAt: 4 }),
    });
    expect(older.resolved).toBe(false);
  });

  it('keeps the author’s newer text when a resolve was made on an older copy, and the later edit with its stamp', () => {
    const edited = doc({ ...base, body: 'Better words', editedAt: 6, updatedAt: 6 });
    const staleResolve = doc({ ...base, resolved: true, statusChangedBy: 'owner', statusChangedAt: 9, updatedAt: 9 });
    expect(mergeComments({ newDocumentState: staleResolve, realMasterState: edited })).toMatchObject({
      body: 'Better words',
      editedAt: 6,
      resolved: true,
      statusChangedAt: 9,
      updatedAt: 9,
    });
    const resolved = doc({ ...base, resolved: true, statusChangedBy: 'owner', statusChangedAt: 7, updatedAt: 7 });
    expect(mergeComments({ newDocumentState: edited, realMasterState: resolved })).toMatchObject({ body: 'Better words', editedAt: 6, resolved: true });
  });

  it('lets a deletion win over a concurrent edit', () => {
    const merged = mergeComments({
      newDocumentState: doc({ ...base, body: 'edited', editedAt: 9, updatedAt: 9 }),
      realMasterState: doc({ ...base, removed: true, body: '', updatedAt: 5 }),
    });
    expect(merged).toMatchObject({ removed: true, body: '' });
  });
});
