/**
 * Manuscripts: title, goal and co-authors of a book being written. The text itself is Yjs (one
 * document per chapter, see sync/collab); this document is what decides who may open those
 * documents — the collaboration server reads it from the sync store. Replicated to the owner and
 * every member; only the owner changes the co-author list and archives or deletes the manuscript,
 * editors may retitle and set the goal.
 */
import { z } from 'zod';
import { defineCollection } from '../replication/collection';
import { MAX_DOC_ID_LENGTH } from '../replication/limits';
import { manuscriptRole, MEMBER_ROLES, mayOnManuscript, ownerWithoutWriteRole } from '../manuscripts/policy';

export const MAX_MEMBERS = 50;

const manuscriptMemberSchema = () =>
  z.object({
    userId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    username: z.string().min(1).max(64),
    role: z.enum(MEMBER_ROLES),
  });
export type ManuscriptMember = z.infer<ReturnType<typeof manuscriptMemberSchema>>;

const manuscriptSchema = () =>
  z.object({
    id: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    ownerId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    /** The owner's username, for co-authors' lists (a snapshot; usernames rarely change). */
    ownerName: z.string().min(1).max(64),
    title: z.string().max(200).regex(/\S/, 'Give the manuscript a title.'),
    wordGoal: z.number().int().min(0).max(10_000_000).optional(),
    members: z.array(manuscriptMemberSchema()).max(MAX_MEMBERS),
    /** members[].userId again, flat, so the audience and queries need no nested lookup. */
    memberIds: z.array(z.string().min(1).max(MAX_DOC_ID_LENGTH)).max(MAX_MEMBERS),
    /**
     * Put away by the owner: listed under "Archived" on /editor for everyone who shares it, and
     * otherwise untouched. Optional since schema version 1, so documents written before it (and by
     * devices that do not know it yet) stay valid as they are.
     */
    archived: z.boolean().optional(),
    createdAt: z.number().int().nonnegative(),
    updatedAt: z.number().int().nonnegative(),
  });
export type Manuscript = z.infer<ReturnType<typeof manuscriptSchema>>;

function consistent(m: Manuscript): boolean {
  const ids = m.members.map((x) => x.userId);
  return new Set(ids).size === ids.length && !ids.includes(m.ownerId) && ids.length === m.memberIds.length && ids.every((id, i) => m.memberIds[i] === id);
}

/** Fields an editor (not the owner) may change. */
const EDITOR_FIELDS = new Set(['title', 'wordGoal', 'updatedAt']);

function onlyEditorFieldsChanged(next: Manuscript, previous: Manuscript): boolean {
  const keys = new Set([...Object.keys(next), ...Object.keys(previous)]);
  return [...keys].every((k) => EDITOR_FIELDS.has(k) || JSON.stringify((next as any)[k]) === JSON.stringify((previous as any)[k]));
}

export const manuscripts = defineCollection({
  name: 'manuscripts',
  schema: manuscriptSchema,
  version: 1,
  // 1 — `archived` (optional): existing documents need no change, so the device migrates them
  // as they are; keeping them byte-identical keeps them equal to the server's copies.
  migrations: { 1: (doc: Manuscript) => doc },
  primaryKey: 'id',
  indexes: ['ownerId'],
  visibility: {
    audience: (m) => [m.ownerId, ...m.memberIds],
    mayWrite: (m, previous, userId) => {
      if (!consistent(m)) return false;
      if (previous === null) return m.ownerId === userId;
      if (m.ownerId !== previous.ownerId) return false;
      const role = manuscriptRole(previous, userId);
      if (mayOnManuscript(role, 'manage-co-authors')) return true;
      return mayOnManuscript(role, 'retitle') && onlyEditorFieldsChanged(m, previous);
    },
    serverCheck: async (m, previous, { writer }) => ownerWithoutWriteRole(previous ?? m, writer.id, writer),
    // Only the owner deletes a manuscript; an editor's deletion looks like an unchanged document.
    deletable: (previous, userId) => previous !== null && mayOnManuscript(manuscriptRole(previous, userId), 'delete'),
  },
  conflict: 'server-wins',
});
