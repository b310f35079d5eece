/**
 * Which permission of sync/roles.ts a push needs, per collection and kind of write: the one table
 * the server checks before a collection's own rule (mayWrite), as every API route checks
 * requirePermission before its handler. A suspended account is refused everything by `can`.
 *
 * Decisions:
 * - Starting or deleting a manuscript needs `manuscripts:write`, like /api/files and import.
 * - Everything else in the editor (retitling, chapters, comments) needs only an active account:
 *   co-authors may be plain readers (decision 012) and the role the owner granted them on the
 *   manuscript decides what they may do. An owner whose account lost `manuscripts:write` (a
 *   demoted author) acts as a viewer of what they own (`actingRole` in manuscripts.ts), here and
 *   over /collab.
 * - Personal collections (lists, wishlist, cart, follows, progress, annotations, preferences,
 *   messages, notifications) need an active account; their rules say whose documents they are.
 */
import type { Permission, Principal } from '../roles';
import { can } from '../roles';
import type { CollectionName } from './index';

export const WRITE_KINDS = ['create', 'update', 'delete'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

const ANY_ACCOUNT: Record<WriteKind, Permission> = { create: 'account:use', update: 'account:use', delete: 'account:use' };

export const PUSH_PERMISSIONS: Record<CollectionName, Record<WriteKind, Permission>> = {
  'reading-lists': ANY_ACCOUNT,
  messages: ANY_ACCOUNT,
  notifications: ANY_ACCOUNT,
  manuscripts: { create: 'manuscripts:write', update: 'account:use', delete: 'manuscripts:write' },
  'manuscript-chapters': ANY_ACCOUNT,
  'manuscript-comments': ANY_ACCOUNT,
  'library-progress': ANY_ACCOUNT,
  annotations: ANY_ACCOUNT,
  wishlist: ANY_ACCOUNT,
  cart: ANY_ACCOUNT,
  preferences: ANY_ACCOUNT,
  follows: ANY_ACCOUNT,
};

/** The kind of write a pushed row is, given what the server holds (a tombstone counts as held). */
export function writeKindOf(previous: unknown, deleted: boolean): WriteKind {
  if (deleted) return 'delete';
  return previous === null ? 'create' : 'update';
}

/** May `principal` make this kind of write to the collection at all (before its own rule)? */
export function mayPush(principal: Principal | null | undefined, collection: CollectionName, kind: WriteKind): boolean {
  return can(principal, PUSH_PERMISSIONS[collection][kind]);
}
