import { describe, expect, it } from 'vitest';
import { manuscriptComments } from '../../../sync/collections/manuscript-comments';
import type { Manuscript } from '../../../sync/collections/manuscripts';
import { createQuote } from '../reader/text-quote';
import { locateAnchors } from './comment-anchors';
import { buildReply, buildThread, mayRemove, openThreadCounts, REMOVED_PATCH, staleAudience, statusPatch, threadsOf } from './comments-model';

const m: Manuscript = {
  id: 'm1',
  ownerId: 'owner',
  ownerName: 'ada',
  title: 'Book',
  members: [{ userId: 'com', username: 'rosa', role: 'commenter' }],
  memberIds: ['com'],
  createdAt: 1,
  updatedAt: 1,
};
const rosa = { id: 'com', username: 'rosa' };
const ada = { id: 'owner', username: 'ada' };
const anchor = { exact: 'the sea', prefix: 'across ', suffix: '' };

describe('comment documents', () => {
  it('builds threads and replies the collection accepts from a commenter', () => {
    const t = buildThread(m, 'c1', rosa, anchor, '  Which sea?  ', 5, 't1');
    const r = buildReply(m, t, ada, 'The northern one.', 6, 'r1');
    expect(t).toMatchObject({ threadId: 't1', body: 'Which sea?', memberIds: ['com'], ownerId: 'owner', resolved: false });
    expect(r).toMatchObject({ threadId: 't1', chapterId: 'c1', authorName: 'ada' });
    expect(r.anchor).toBeUndefined();
    expect(manuscriptComments.visibility.mayWrite(t, null, 'com', m)).toBe(true);
    expect(manuscriptComments.visibility.mayWrite(r, null, 'owner', m)).toBe(true);
    const resolved = { ...t, ...statusPatch(true, 'owner', 9) };
    expect(manuscriptComments.visibility.mayWrite(resolved, t, 'owner', m)).toBe(true);
    expect(manuscriptComments.visibility.mayWrite({ ...t, ...REMOVED_PATCH }, t, 'com', m)).toBe(true);
  });

  it('groups a chapter’s threads oldest first, leaving out deleted threads and replies', () => {
    const t1 = buildThread(m, 'c1', rosa, anchor, 'one', 1, 't1');
    const t2 = buildThread(m, 'c1', rosa, anchor, 'two', 2, 't2');
    const other = buildThread(m, 'c2', rosa, anchor, 'elsewhere', 0, 't3');
    const gone = { ...buildThread(m, 'c1', rosa, anchor, 'x', 0, 't4'), ...REMOVED_PATCH };
    const late = buildReply(m, t1, ada, 'late', 9, 'r2');
    const early = buildReply(m, t1, ada, 'early', 3, 'r1');
    const deletedReply = { ...buildReply(m, t1, ada, 'oops', 4, 'r3'), ...REMOVED_PATCH };
    const threads = threadsOf([late, t2, other, gone, t1, early, deletedReply], 'c1');
    expect(threads.map((t) => t.root.id)).toEqual(['t1', 't2']);
    expect(threads[0]!.replies.map((r) => r.id)).toEqual(['r1', 'r2']);
  });

  it('counts open threads per chapter', () => {
    const open = buildThread(m, 'c1', rosa, anchor, 'a', 1, 't1');
    const resolved = { ...buildThread(m, 'c1', rosa, anchor, 'b', 1, 't2'), resolved: true };
    const reply = buildReply(m, open, ada, 'r', 2, 'r1');
    expect(Object.fromEntries(openThreadCounts([open, resolved, reply, buildThread(m, 'c2', rosa, anchor, 'c', 1, 't3')]))).toEqual({ c1: 1, c2: 1 });
  });

  it('finds copies whose audience lags the co-author list, and who may delete', () => {
    const t = buildThread(m, 'c1', rosa, anchor, 'a', 1, 't1');
    expect(staleAudience([t], m)).toEqual([]);
    expect(staleAudience([t], { ...m, memberIds: ['com', 'new'] })).toEqual([t]);
    expect(mayRemove(t, 'com', 'commenter')).toBe(true);
    expect(mayRemove(t, 'owner', 'owner')).toBe(true);
    expect(mayRemove(t, 'ed', 'editor')).toBe(false);
  });
});

describe('comment anchors', () => {
  const text = 'They sailed across the sea at dawn. Later the sea was calm, and they slept.';
  const start = text.indexOf('the sea');
  const quote = createQuote(text, start, start + 'the sea'.length);
  const anchors = [{ id: 't1', quote }];

  it('stays on its words while co-authors edit around them', () => {
    const edited = 'Prologue added above.\n\nThey sailed, slowly, across the sea at dawn. Later the sea was calm, and they slept soundly.';
    const at = locateAnchors(edited, anchors).get('t1')!;
    expect(edited.slice(at.start, at.end)).toBe('the sea');
    // The first "the sea", not the later one: prefix and suffix decide.
    expect(at.start).toBe(edited.indexOf('across the sea') + 'across '.length);
  });

  it('is detached when its words were deleted', () => {
    expect(locateAnchors('They sailed across the ocean at dawn.', anchors).has('t1')).toBe(false);
  });
});
