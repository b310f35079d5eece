/**
 * Who may open a collaboration document, and with which role. The editor UI and the socket both
 * ask this one question; the answer decides whether a socket opens and whether its document
 * updates are kept. Today it reads the manuscript tables of migration 004 (the server's view, to be
 * fed by the sync engine later); a different source only needs another `CollabAccess`.
 */
import { parseDocName, type CollabRole } from '../../../sync/collab/close-codes';
import { actingRole } from '../../../sync/manuscripts/policy';
import type { Principal } from '../../../sync/roles';
import { loadRoles } from '../../auth/sessions';
import type { DB } from '../../db/connection';

export interface CollabAccess {
  /** The user's role on the document, or null when they have none. */
  roleFor(userId: string, docName: string): Promise<CollabRole | null>;
  /** False when the document does not exist, so the socket can say "unknown" rather than "forbidden". */
  exists(docName: string): Promise<boolean>;
}

/** The account's roles and status as stored now; null when it does not exist (or is erased). */
export async function principalOf(db: DB, userId: string): Promise<Principal | null> {
  const user = await db.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirst();
  if (!user || user.status === 'deleted') return null;
  return { roles: await loadRoles(db, userId), status: user.status };
}

export function sqliteCollabAccess(db: DB): CollabAccess {
  async function chapterManuscript(docName: string) {
    const parsed = parseDocName(docName);
    if (!parsed) return null;
    return db
      .selectFrom('manuscriptChapters')
      .innerJoin('manuscripts', 'manuscripts.id', 'manuscriptChapters.manuscriptId')
      .select(['manuscripts.id', 'manuscripts.ownerId'])
      .where('manuscriptChapters.id', '=', parsed.id)
      .executeTakeFirst();
  }

  return {
    async exists(docName) {
      return Boolean(await chapterManuscript(docName));
    },
    async roleFor(userId, docName) {
      const manuscript = await chapterManuscript(docName);
      if (!manuscript) return null;
      const member = await db
        .selectFrom('manuscriptMembers')
        .select('role')
        .where('manuscriptId', '=', manuscript.id)
        .where('userId', '=', userId)
        .executeTakeFirst();
      const members = member ? [{ userId, role: member.role }] : [];
      const role = actingRole({ ownerId: manuscript.ownerId, members }, userId, await principalOf(db, userId));
      if (role) return role;
      // Admins may read any manuscript (support, moderation) but never write to it.
      const admin = await db.selectFrom('userRoles').select('role').where('userId', '=', userId).where('role', '=', 'admin').executeTakeFirst();
      return admin ? 'viewer' : null;
    },
  };
}
