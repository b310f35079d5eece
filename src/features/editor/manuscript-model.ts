/**
 * Pure rules of manuscripts and chapters on the device: building new documents, the co-author
 * copies a chapter carries (see sync/collections/manuscript-chapters.ts), and counting words.
 * Kept free of React and the database so they are tested directly.
 */
import type { Manuscript, ManuscriptMember } from '../../../sync/collections/manuscripts';
import type { ManuscriptChapter } from '../../../sync/collections/manuscript-chapters';

/** Ids double as Yjs document names (`chapter:{id}`), so only the characters those allow. */
export function newDocId(): string {
  return crypto.randomUUID();
}

export function buildManuscript(owner: { id: string; username: string }, title: string, now: number, id = newDocId()): Manuscript {
  return { id, ownerId: owner.id, ownerName: owner.username, title, members: [], memberIds: [], createdAt: now, updatedAt: now };
}

/** The owner and co-author copies a chapter of `m` must carry. */
export function chapterAccess(m: Pick<Manuscript, 'ownerId' | 'members'>): Pick<ManuscriptChapter, 'ownerId' | 'memberIds' | 'editorIds'> {
  return {
    ownerId: m.ownerId,
    memberIds: m.members.map((x) => x.userId),
    editorIds: m.members.filter((x) => x.role === 'editor').map((x) => x.userId),
  };
}

export function buildChapter(m: Manuscript, position: number, now: number, title = `Chapter ${position + 1}`, id = newDocId()): ManuscriptChapter {
  return { id, manuscriptId: m.id, ...chapterAccess(m), title, position, wordCount: 0, createdAt: now, updatedAt: now };
}

/** Add or change a co-author (never the owner). */
export function withMember(m: Manuscript, member: ManuscriptMember): Pick<Manuscript, 'members' | 'memberIds'> {
  if (member.userId === m.ownerId) return { members: m.members, memberIds: m.memberIds };
  const members = m.members.some((x) => x.userId === member.userId) ? m.members.map((x) => (x.userId === member.userId ? member : x)) : [...m.members, member];
  return { members, memberIds: members.map((x) => x.userId) };
}

export function withoutMember(m: Manuscript, userId: string): Pick<Manuscript, 'members' | 'memberIds'> {
  const members = m.members.filter((x) => x.userId !== userId);
  return { members, memberIds: members.map((x) => x.userId) };
}

/** Chapters in reading order; ties (two devices adding at once) fall back to creation. */
export function inOrder<T extends Pick<ManuscriptChapter, 'position' | 'createdAt' | 'id'>>(chapters: T[]): T[] {
  return [...chapters].sort((a, b) => a.position - b.position || a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

/** Position swaps that move chapter `id` one place up (-1) or down (+1); empty at the ends. */
export function moveChapter<T extends Pick<ManuscriptChapter, 'position' | 'createdAt' | 'id'>>(
  chapters: T[],
  id: string,
  by: -1 | 1,
): { id: string; position: number }[] {
  const from = inOrder(chapters).findIndex((c) => c.id === id);
  return from < 0 ? [] : moveChapterTo(chapters, id, from + by);
}

/** Position changes that put chapter `id` at index `to` of the reading order (a drag and drop). */
export function moveChapterTo<T extends Pick<ManuscriptChapter, 'position' | 'createdAt' | 'id'>>(
  chapters: T[],
  id: string,
  to: number,
): { id: string; position: number }[] {
  const ordered = inOrder(chapters);
  const from = ordered.findIndex((c) => c.id === id);
  if (from < 0 || to < 0 || to >= ordered.length || to === from) return [];
  const next = [...ordered];
  next.splice(to, 0, ...next.splice(from, 1));
  // Renumber densely so equal positions left by concurrent adds cannot make a move a no-op;
  // only chapters whose position actually changes are written.
  return next
    .map((c, position) => ({ id: c.id, position, before: c.position }))
    .filter((p) => p.before !== p.position)
    .map(({ id: chapterId, position }) => ({ id: chapterId, position }));
}
