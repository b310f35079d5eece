/**
 * The manuscript domain's rules in one place: who holds which role on a manuscript and what each
 * role may do. Pure, so the sync push rules (sync/collections/manuscript*.ts), the collaboration
 * socket, the history and invitation routes and the editor's UI all ask the same table.
 */
import type { CollabRole } from '../collab/close-codes';
import { can, type Principal } from '../roles';

export const MEMBER_ROLES = ['editor', 'commenter', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export type ManuscriptRole = 'owner' | MemberRole;

/** What decides roles: the owner and each member's role. */
export interface RoleSource {
  ownerId: string;
  members: readonly { userId: string; role: MemberRole }[];
}

export const MANUSCRIPT_ACTIONS = [
  'read', // open chapters, the book view and the history
  'comment',
  'edit-text', // chapter text over /collab
  'edit-chapters', // add, rename, reorder chapters
  'retitle', // title and word goal
  'save-version', // name or restore a version of a chapter
  'manage-co-authors', // invite, change roles, remove
  'archive', // move to and from "Archived" on /editor
  'delete',
] as const;
export type ManuscriptAction = (typeof MANUSCRIPT_ACTIONS)[number];

const ALLOWED: Record<ManuscriptAction, readonly ManuscriptRole[]> = {
  read: ['owner', 'editor', 'commenter', 'viewer'],
  comment: ['owner', 'editor', 'commenter'],
  'edit-text': ['owner', 'editor'],
  'edit-chapters': ['owner', 'editor'],
  retitle: ['owner', 'editor'],
  'save-version': ['owner', 'editor'],
  'manage-co-authors': ['owner'],
  archive: ['owner'],
  delete: ['owner'],
};

/** True when `role` (null: no role at all) may do `action` on the manuscript. */
export function mayOnManuscript(role: ManuscriptRole | CollabRole | null, action: ManuscriptAction): boolean {
  return role !== null && ALLOWED[action].includes(role);
}

/** The role of `userId` on a manuscript: owner, a member's role, or null. */
export function manuscriptRole(m: RoleSource, userId: string): ManuscriptRole | null {
  if (m.ownerId === userId) return 'owner';
  return m.members.find((x) => x.userId === userId)?.role ?? null;
}

/**
 * The role `userId` acts with, given their account: an owner who may no longer write manuscripts
 * (a demoted author) only views what they own; a suspended account has none. Co-authors keep the
 * role the owner granted, whatever their account's roles (decision 012).
 */
export function actingRole(m: RoleSource, userId: string, principal: Principal | null): ManuscriptRole | null {
  if (!can(principal, 'account:use')) return null;
  const role = manuscriptRole(m, userId);
  return role === 'owner' && !can(principal, 'manuscripts:write') ? 'viewer' : role;
}

/** The server's refusal when an owner acts without `manuscripts:write` (shared by chapters). */
export function ownerWithoutWriteRole(m: RoleSource | null, userId: string, principal: Principal): string | null {
  if (!m || manuscriptRole(m, userId) !== 'owner' || actingRole(m, userId, principal) === 'owner') return null;
  return 'Your account may no longer write manuscripts.';
}
