/**
 * Manuscripts: title, goal and co-authors of a book being written. The text itself is Yjs (one
 * document per chapter, see sync/collab); this document is what decides who may open those
 * documents — the collaboration server reads it from the sync store. Replicated to the owner and
 * every member; only the owner changes the co-author list, editors may retitle and set the goal.
 */
import { z } from 'zod';
import { defineCollection } from '../replication/collection';
import { MAX_DOC_ID_LENGTH } from '../replication/limits';

export const MEMBER_ROLES = ['editor', 'commenter', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const MAX_MEMBERS = 50;

export const ManuscriptMemberSchema = z.object({
  userId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
  username: z.string().min(1).max(64),
  role: z.enum(MEMBER_ROLES),
});
export type ManuscriptMember = z.infer<typeof ManuscriptMemberSchema>;

export const ManuscriptSchema = z.object({
  id: z.string().min(1).max(MAX_DOC_ID_LENGTH),
  ownerId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
  /** The owner's username, for co-authors' lists (a snapshot; usernames rarely change). */
  ownerName: z.string().min(1).max(64),
  title: z.string().max(200).regex(/\S/, 'Give the manuscript a title.'),
  wordGoal: z.number().int().min(0).max(10_000_000).optional(),
  members: z.array(ManuscriptMemberSchema).max(MAX_MEMBERS),
  /** members[].userId again, flat, so the audience and queries need no nested lookup. */
  memberIds: z.array(z.string().min(1).max(MAX_DOC_ID_LENGTH)).max(MAX_MEMBERS),
  createdAt: z.number().int().nonnegative(),
  updatedAt: z.number().int().nonnegative(),
});
export type Manuscript = z.infer<typeof ManuscriptSchema>;

/** The role of `userId` on a manuscript: owner, a member's role, or null. */
export function manuscriptRole(m: Pick<Manuscript, 'ownerId' | 'members'>, userId: string): 'owner' | MemberRole | null {
  if (m.ownerId === userId) return 'owner';
  return m.members.find((x) => x.userId === userId)?.role ?? null;
}

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
  schema: ManuscriptSchema,
  version: 0,
  primaryKey: 'id',
  indexes: ['ownerId'],
  visibility: {
    audience: (m) => [m.ownerId, ...m.memberIds],
    mayWrite: (m, previous, userId) => {
      if (!consistent(m)) return false;
      if (previous === null) return m.ownerId === userId;
      if (m.ownerId !== previous.ownerId) return false;
      if (previous.ownerId === userId) return true;
      return manuscriptRole(previous, userId) === 'editor' && onlyEditorFieldsChanged(m, previous);
    },
  },
  conflict: 'server-wins',
});
