/**
 * Comment threads on a manuscript's chapters. One document per comment: a thread is its first
 * comment (`threadId === id`, carrying the anchor and the resolved state) plus replies pointing at
 * it, so two people replying at once never touch the same document. Comments are never stored in
 * the chapter's Yjs text: the collaboration server drops text updates from commenters, and an
 * anchor must not change the document it points into. The anchor is a text quote (quote, prefix,
 * suffix) re-found in the current text, so it survives edits around it; when the quoted words are
 * gone the thread is shown as detached with its quote.
 *
 * Who may write is decided by the manuscript document as the server holds it (`authorisedBy`),
 * not by copies the writer sends: the owner, editors and commenters comment, viewers and
 * strangers only read (or nothing). A comment's text is its author's; resolving and reopening is
 * anyone's who may comment; deleting is the author's or the owner's. Deleting is a `removed` flag
 * (with the text emptied) rather than a sync deletion, because mayWrite never sees the deletion
 * flag and "resolve" must not become "delete" for someone else's thread.
 *
 * The audience is a copy of the manuscript's people, like a chapter's: the owner may set it
 * freely (the owner's device refreshes the copies when co-authors change), anyone else only to a
 * subset of the current co-authors, so no one can hand a comment to a stranger.
 */
import { z } from 'zod';
import { defineCollection, type ConflictInput } from '../replication/collection';
import { MAX_DOC_ID_LENGTH } from '../replication/limits';
import { MAX_MEMBERS, type Manuscript } from './manuscripts';
import { manuscriptRole, mayOnManuscript } from '../manuscripts/policy';
import { textQuoteSchema } from './text-quote';

export const MAX_COMMENT_CHARS = 5000;

const manuscriptCommentSchema = () => {
  const id = z.string().min(1).max(MAX_DOC_ID_LENGTH);
  return z.object({
    id,
    manuscriptId: id,
    chapterId: id,
    /** The id of the thread's first comment; equal to `id` on that first comment. */
    threadId: id,
    authorId: id,
    /** The author's username when writing (a snapshot, for everyone's list). */
    authorName: z.string().min(1).max(64),
    /** Audience copies: the manuscript's owner and co-authors. */
    ownerId: id,
    memberIds: z.array(id).max(MAX_MEMBERS),
    body: z.string().max(MAX_COMMENT_CHARS),
    /** The commented text, on a thread's first comment only. */
    anchor: textQuoteSchema().optional(),
    /** Thread state, on the first comment only; last change wins, by `statusChangedAt`. */
    resolved: z.boolean(),
    statusChangedBy: z.string().max(MAX_DOC_ID_LENGTH),
    statusChangedAt: z.number().int().nonnegative(),
    /** Deleted by its author or the owner: kept (empty) so replies and conflicts stay simple. */
    removed: z.boolean(),
    /** When its author last changed the text (0: never), for "(edited)". */
    editedAt: z.number().int().nonnegative(),
    createdAt: z.number().int().nonnegative(),
    updatedAt: z.number().int().nonnegative(),
  });
};
export type ManuscriptComment = z.infer<ReturnType<typeof manuscriptCommentSchema>>;

export type CommentRole = 'owner' | 'editor' | 'commenter';

/** True when the manuscript role may write comments (owner, editor, commenter). */
export function mayComment(role: ReturnType<typeof manuscriptRole>): role is CommentRole {
  return mayOnManuscript(role, 'comment');
}

/** Fields that never change after a comment is written. */
const FIXED = ['manuscriptId', 'chapterId', 'threadId', 'authorId', 'authorName', 'ownerId', 'anchor', 'createdAt'] as const;
/** Fields anyone who may comment may change: the thread's state and the audience copy. */
const SHARED = new Set(['resolved', 'statusChangedBy', 'statusChangedAt', 'memberIds', 'updatedAt']);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function changedKeys(next: ManuscriptComment, previous: ManuscriptComment): string[] {
  const keys = new Set([...Object.keys(next), ...Object.keys(previous)]);
  return [...keys].filter((k) => !same((next as any)[k], (previous as any)[k]));
}

function wellFormed(c: ManuscriptComment): boolean {
  const isThread = c.threadId === c.id;
  if (isThread !== Boolean(c.anchor)) return false; // only a thread's first comment is anchored
  if (!isThread && (c.resolved || c.statusChangedAt !== 0)) return false;
  if (c.removed ? c.body !== '' : !c.body.trim()) return false;
  return new Set(c.memberIds).size === c.memberIds.length;
}

export function mayWriteComment(c: ManuscriptComment, previous: ManuscriptComment | null, userId: string, manuscript: Manuscript | null): boolean {
  if (!manuscript || manuscript.id !== c.manuscriptId || manuscript.ownerId !== c.ownerId) return false;
  const role = manuscriptRole(manuscript, userId);
  if (!mayComment(role) || !wellFormed(c)) return false;
  // Only the owner widens the audience; others may carry a copy no wider than today's co-authors.
  if (role !== 'owner' && !c.memberIds.every((m) => manuscript.memberIds.includes(m))) return false;
  if (previous === null) return c.authorId === userId && !c.removed;
  if (!FIXED.every((k) => same(c[k], previous[k]))) return false;
  if (previous.removed && !c.removed) return false; // deleted stays deleted
  const changed = changedKeys(c, previous);
  if (changed.every((k) => SHARED.has(k))) return true;
  if (previous.authorId === userId) return true; // the author edits or deletes their own text
  // The owner may delete anyone's comment, but not rewrite it.
  return role === 'owner' && c.removed && !previous.removed;
}

/**
 * Concurrent changes merge instead of one device's change vanishing: a deletion wins, the later
 * status change wins (by `statusChangedAt`), the later text edit wins (by `editedAt`, with its
 * stamp), and the audience copy comes from the server (it may have been refreshed by the owner).
 * Each part goes by its own stamp, not `updatedAt`: a resolve made on a copy older than the
 * author's edit is newer by `updatedAt` but carries the old text, which must not come back (for
 * the owner it would even turn the resolve into a refused rewrite of someone else's words).
 */
export function mergeComments({
  newDocumentState: mine,
  realMasterState: master,
}: ConflictInput<ManuscriptComment>): ManuscriptComment & { _deleted: boolean } {
  const merged = { ...master };
  if (mine.statusChangedAt > master.statusChangedAt) {
    Object.assign(merged, { resolved: mine.resolved, statusChangedBy: mine.statusChangedBy, statusChangedAt: mine.statusChangedAt });
  }
  if (!master.removed && mine.editedAt > master.editedAt) Object.assign(merged, { body: mine.body, editedAt: mine.editedAt });
  if (mine.removed || master.removed) Object.assign(merged, { removed: true, body: '' });
  merged.updatedAt = Math.max(mine.updatedAt, master.updatedAt);
  return merged;
}

export const manuscriptComments = defineCollection({
  name: 'manuscript-comments',
  schema: manuscriptCommentSchema,
  version: 0,
  primaryKey: 'id',
  indexes: ['manuscriptId'],
  visibility: {
    audience: (c) => [c.ownerId, ...c.memberIds],
    mayWrite: (c, previous, userId, authority) => mayWriteComment(c, previous, userId, (authority as Manuscript | null | undefined) ?? null),
    authorisedBy: { collection: 'manuscripts', id: (c) => c.manuscriptId },
    deletable: false,
  },
  conflict: mergeComments,
});
