import { describe, expect, it } from 'vitest';
import { manuscripts } from '../../../sync/collections/manuscripts';
import { manuscriptChapters } from '../../../sync/collections/manuscript-chapters';
import { buildChapter, buildManuscript, inOrder, moveChapter, moveChapterTo, withMember, withoutMember } from './manuscript-model';

describe('manuscript model', () => {
  it('builds documents the collections accept from their owner', () => {
    const m = buildManuscript({ id: 'u1', username: 'a' }, 'Novel', 5);
    expect(manuscripts.visibility.mayWrite(m, null, 'u1')).toBe(true);
    const c = buildChapter(m, 0, 5);
    expect(manuscriptChapters.visibility.mayWrite(c, null, 'u1', m)).toBe(true);
    expect(c.title).toBe('Chapter 1');
  });

  it('adds, changes and removes co-authors, keeping memberIds in step', () => {
    const m = buildManuscript({ id: 'u1', username: 'a' }, 'Novel', 5);
    const added = { ...m, ...withMember(m, { userId: 'u2', username: 'b', role: 'viewer' }) };
    const changed = { ...added, ...withMember(added, { userId: 'u2', username: 'b', role: 'editor' }) };
    expect(changed.members).toEqual([{ userId: 'u2', username: 'b', role: 'editor' }]);
    expect(manuscripts.visibility.mayWrite(changed, m, 'u1')).toBe(true);
    expect(buildChapter(changed, 0, 1)).toMatchObject({ memberIds: ['u2'], editorIds: ['u2'] });
    expect(manuscriptChapters.visibility.mayWrite(buildChapter(changed, 0, 1), null, 'u2', changed)).toBe(true);
    expect(withoutMember(changed, 'u2')).toEqual({ members: [], memberIds: [] });
    expect(withMember(m, { userId: 'u1', username: 'a', role: 'viewer' }).members).toEqual([]);
  });

  it('orders and moves chapters', () => {
    const rows = [
      { id: 'b', position: 1, createdAt: 1 },
      { id: 'a', position: 0, createdAt: 1 },
      { id: 'c', position: 1, createdAt: 2 },
    ];
    expect(inOrder(rows).map((r) => r.id)).toEqual(['a', 'b', 'c']);
    // c already has position 1; only b needs writing to come after it.
    expect(moveChapter(rows, 'c', -1)).toEqual([{ id: 'b', position: 2 }]);
    expect(moveChapter(rows, 'a', -1)).toEqual([]);
  });

  it('moves a chapter to any place (drag and drop), writing only the positions that change', () => {
    const rows = ['a', 'b', 'c', 'd'].map((id, position) => ({ id, position, createdAt: 1 }));
    const apply = (changes: { id: string; position: number }[]) =>
      inOrder(rows.map((r) => ({ ...r, position: changes.find((c) => c.id === r.id)?.position ?? r.position })))
        .map((r) => r.id)
        .join('');
    expect(apply(moveChapterTo(rows, 'a', 2))).toBe('bcad');
    expect(apply(moveChapterTo(rows, 'd', 0))).toBe('dabc');
    expect(moveChapterTo(rows, 'c', 3)).toEqual([
      { id: 'd', position: 2 },
      { id: 'c', position: 3 },
    ]);
    expect(moveChapterTo(rows, 'b', 1)).toEqual([]);
    expect(moveChapterTo(rows, 'b', 9)).toEqual([]);
  });
});
