/**
 * Pure rules of comment threads on the device: building comments, grouping them into threads,
 * open-thread counts per chapter and the audience copies a comment carries (see
 * sync/collections/manuscript-comments.ts). Free of React and the database so it is tested directly.
 */
import type { ManuscriptComment } from '../../../sync/collections/manuscript-comments';
import type { Manuscript } from '../../../sync/collections/manuscripts';
import type { TextQuote } from '../../../sync/collections/text-quote';
import { newDocId } from './manuscript-model';

export interface Thread {
  root: ManuscriptComment;
  /** Replies in the order they were written, deleted ones left out. */
  replies: ManuscriptComment[];
}

interface Author {
  id: string;
  username: string;
}

function base(m: Pick<Manuscript, 'id' | 'ownerId' | 'memberIds'>, chapterId: string, author: Author, body: string, now: number) {
  return {
    manuscriptId: m.id,
    chapterId,
    authorId: author.id,
    authorName: author.username,
    ownerId: m.ownerId,
    memberIds: [...m.memberIds],
    body: body.trim(),
    resolved: false,
    statusChangedBy: '',
    statusChangedAt: 0,
    removed: false,
    editedAt: 0,
    createdAt: now,
    updatedAt: now,
  };
}

export function buildThread(
  m: Pick<Manuscript, 'id' | 'ownerId' | 'memberIds'>,
  chapterId: string,
  author: Author,
  anchor: TextQuote,
  body: string,
  now: number,
  id = newDocId(),
): ManuscriptComment {
  return { id, threadId: id, anchor, ...base(m, chapterId, author, body, now) };
}

export function buildReply(
  m: Pick<Manuscript, 'id' | 'ownerId' | 'memberIds'>,
  root: ManuscriptComment,
  author: Author,
  body: string,
  now: number,
  id = newDocId(),
): ManuscriptComment {
  return { id, threadId: root.id, ...base(m, root.chapterId, author, body, now) };
}

/** The patch that resolves (true) or reopens (false) a thread. */
export function statusPatch(
  resolved: boolean,
  userId: string,
  now: number,
): Pick<ManuscriptComment, 'resolved' | 'statusChangedBy' | 'statusChangedAt' | 'updatedAt'> {
  return { resolved, statusChangedBy: userId, statusChangedAt: now, updatedAt: now };
}

export function editPatch(body: string, now: number): Pick<ManuscriptComment, 'body' | 'editedAt' | 'updatedAt'> {
  return { body: body.trim(), editedAt: now, updatedAt: now };
}

export const REMOVED_PATCH = { removed: true, body: '' } as const;

/** Threads of one chapter, oldest first; deleted threads and deleted replies are left out. */
export function threadsOf(comments: ManuscriptComment[], chapterId: string): Thread[] {
  const roots = new Map<string, Thread>();
  for (const c of comments) if (c.chapterId === chapterId && c.threadId === c.id && !c.removed) roots.set(c.id, { root: c, replies: [] });
  for (const c of comments) {
    if (c.threadId === c.id || c.removed) continue;
    roots.get(c.threadId)?.replies.push(c);
  }
  const byTime = (a: ManuscriptComment, b: ManuscriptComment) => a.createdAt - b.createdAt || a.id.localeCompare(b.id);
  const threads = [...roots.values()].sort((a, b) => byTime(a.root, b.root));
  for (const t of threads) t.replies.sort(byTime);
  return threads;
}

/** Open (unresolved, not deleted) threads per chapter id. */
export function openThreadCounts(comments: ManuscriptComment[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const c of comments) {
    if (c.threadId !== c.id || c.removed || c.resolved) continue;
    counts.set(c.chapterId, (counts.get(c.chapterId) ?? 0) + 1);
  }
  return counts;
}

/** Comments whose audience copy no longer matches the manuscript's co-authors (the owner refreshes them). */
export function staleAudience(comments: ManuscriptComment[], m: Pick<Manuscript, 'ownerId' | 'memberIds'>): ManuscriptComment[] {
  const want = JSON.stringify(m.memberIds);
  return comments.filter((c) => c.ownerId === m.ownerId && JSON.stringify(c.memberIds) !== want);
}

/** May `userId` delete this comment: its author, or the manuscript's owner. */
export function mayRemove(c: ManuscriptComment, userId: string, role: string | null): boolean {
  return c.authorId === userId || role === 'owner';
}
