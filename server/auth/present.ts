/** The account as the client sees it (GET /api/auth/me and the sign-in answer). */
import type { Me } from '../../sync/api/session';
import type { DB } from '../db/connection';
import { loadRoles, type SessionUser } from './sessions';

export function toMe(user: SessionUser): Me {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    displayName: user.displayName,
    roles: user.roles,
    status: user.status,
    emailVerified: user.emailVerified,
    theme: user.theme,
    deletionDueAt: user.deletionDueAt,
  };
}

/** The same view built from the users table, for answers given before a session exists. */
export async function loadMe(db: DB, userId: string): Promise<Me> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  if (row.status === 'deleted') throw new Error(`user ${userId} is deleted`);
  return toMe({
    id: row.id,
    email: row.email,
    username: row.username,
    displayName: row.displayName,
    roles: await loadRoles(db, row.id),
    status: row.status,
    emailVerified: row.emailVerifiedAt !== null,
    theme: row.theme,
    deletionDueAt: row.deletionDueAt,
  });
}
