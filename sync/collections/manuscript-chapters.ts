/**
 * Chapters of a manuscript: title, order and word count. The text is the Yjs document
 * `chapter:{id}`. A chapter carries a copy of its manuscript's owner and co-authors because
 * visibility rules are pure functions of one document; the owner's device rewrites the copies when
 * the co-author list changes. The copy only decides replication — the collaboration server
 * authorises the text by the manuscript document itself.
 */
import { z } from 'zod';
import { defineCollection } from '../replication/collection';
import { MAX_DOC_ID_LENGTH } from '../replication/limits';
import { MAX_MEMBERS } from './manuscripts';

const ids = z.array(z.string().min(1).max(MAX_DOC_ID_LENGTH)).max(MAX_MEMBERS);

export const ManuscriptChapterSchema = z.object({
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
export type ManuscriptChapter = z.infer<typeof ManuscriptChapterSchema>;

/** Fields only the owner may change: who the chapter belongs to and who sees it. */
const OWNER_FIELDS = ['manuscriptId', 'ownerId', 'memberIds', 'editorIds'] as const;

export const manuscriptChapters = defineCollection({
  name: 'manuscript-chapters',
  schema: ManuscriptChapterSchema,
  version: 0,
  primaryKey: 'id',
  indexes: ['manuscriptId'],
  visibility: {
    audience: (c) => [c.ownerId, ...c.memberIds],
    mayWrite: (c, previous, userId) => {
      if (!c.editorIds.every((id) => c.memberIds.includes(id))) return false;
      if (previous === null) return c.ownerId === userId || c.editorIds.includes(userId);
      if (previous.ownerId === userId) return c.ownerId === userId;
      if (!previous.editorIds.includes(userId)) return false;
      return OWNER_FIELDS.every((k) => JSON.stringify(c[k]) === JSON.stringify(previous[k]));
    },
  },
  conflict: 'server-wins',
});
