/**
 * Chapters of a manuscript: title, order and word count. The text is the Yjs document
 * `chapter:{id}`. Who may write a chapter is decided by its manuscript as the server holds it
 * (`authorisedBy`), never by copies the writer sends: the owner and editors create, change and
 * delete chapters; a chapter never moves to another manuscript (`manuscriptId` and `ownerId` are
 * fixed), so collaboration access and the book view, which follow the chapter to its manuscript,
 * always reach the manuscript whose editor created it. A chapter pushed before its (new)
 * manuscript is its writer's own, with an empty audience, until the manuscript lands; manuscript
 * ids are random, so nobody can wait for someone else's.
 *
 * A chapter carries a copy of its manuscript's co-authors (`memberIds`, `editorIds`) because the
 * audience is a pure function of one document; the copy decides who pulls the chapter's title and
 * nothing else. The owner's device rewrites the copies when the co-author list changes (possibly
 * before the manuscript's own push lands, so the owner's copies are taken as written); an editor
 * creates a chapter with copies no wider than the manuscript's co-authors and never changes them.
 */
import { z } from 'zod';
import { defineCollection } from '../replication/collection';
import { MAX_DOC_ID_LENGTH } from '../replication/limits';
import { MAX_MEMBERS, type Manuscript } from './manuscripts';
import { manuscriptRole, mayOnManuscript, ownerWithoutWriteRole } from '../manuscripts/policy';

const manuscriptChapterSchema = () => {
  const ids = z.array(z.string().min(1).max(MAX_DOC_ID_LENGTH)).max(MAX_MEMBERS);
  return z.object({
    id: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    manuscriptId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    ownerId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    /** Every co-author of the manuscript (the audience). */
    memberIds: ids,
    /** The co-authors who may change chapters (role editor). */
    editorIds: ids,
    title: z.string().max(200),
    position: z.number().int().min(0).max(1_000_000),
    wordCount: z.number().int().min(0).max(10_000_000),
    createdAt: z.number().int().nonnegative(),
    updatedAt: z.number().int().nonnegative(),
  });
};
export type ManuscriptChapter = z.infer<ReturnType<typeof manuscriptChapterSchema>>;

/** Fields fixed once a chapter exists: which manuscript it belongs to and whose it is. */
const FIXED = ['manuscriptId', 'ownerId'] as const;
/** The audience copies: the owner's are taken as written; an editor's start within the manuscript's and never change. */
const COPIES = ['memberIds', 'editorIds'] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function mayWriteChapter(c: ManuscriptChapter, previous: ManuscriptChapter | null, userId: string, manuscript: Manuscript | null): boolean {
  if (!c.editorIds.every((id) => c.memberIds.includes(id))) return false;
  if (previous && !FIXED.every((k) => same(c[k], previous[k]))) return false;
  // A new manuscript's first chapters may land before the manuscript (each collection pushes on
  // its own): until it exists, such a chapter is its writer's alone, seen by nobody else.
  if (!manuscript) return c.ownerId === userId && c.memberIds.length === 0;
  if (manuscript.id !== c.manuscriptId || manuscript.ownerId !== c.ownerId) return false;
  const role = manuscriptRole(manuscript, userId);
  if (!mayOnManuscript(role, 'edit-chapters')) return false;
  if (role === 'owner') return true;
  if (previous) return COPIES.every((k) => same(c[k], previous[k]));
  const editors = manuscript.members.filter((m) => m.role === 'editor').map((m) => m.userId);
  return c.memberIds.every((id) => manuscript.memberIds.includes(id)) && c.editorIds.every((id) => editors.includes(id));
}

export const manuscriptChapters = defineCollection({
  name: 'manuscript-chapters',
  schema: manuscriptChapterSchema,
  version: 0,
  primaryKey: 'id',
  indexes: ['manuscriptId'],
  visibility: {
    audience: (c) => [c.ownerId, ...c.memberIds],
    mayWrite: (c, previous, userId, authority) => mayWriteChapter(c, previous, userId, (authority as Manuscript | null | undefined) ?? null),
    authorisedBy: { collection: 'manuscripts', id: (c) => c.manuscriptId },
    // The writer of a chapter whose manuscript has not landed yet is its owner-to-be.
    serverCheck: async (c, _previous, { writer, authority }) =>
      ownerWithoutWriteRole((authority as Manuscript | null) ?? { ownerId: c.ownerId, members: [] }, writer.id, writer),
  },
  conflict: 'server-wins',
});
