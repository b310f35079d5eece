/** Reads behind /admin/users: a paged search and one person's detail. */
import { withReader, type Role } from '../../sync/roles';
import { ADMIN_PAGE_SIZE, type AdminUserDetail, type AdminUserPage, type AdminUserRow, type UserListParams } from '../../sync/api/admin';
import type { DB } from '../db/connection';
import { containsText } from '../db/contains';
import { listRoleRequests } from './role-request-queries';

const USER_COLUMNS = ['users.id', 'users.email', 'users.username', 'users.displayName', 'users.status', 'users.emailVerifiedAt', 'users.createdAt'] as const;

async function rolesFor(db: DB, ids: string[]): Promise<Map<string, Role[]>> {
  const map = new Map<string, Role[]>();
  if (ids.length === 0) return map;
  const rows = await db.selectFrom('userRoles').select(['userId', 'role']).where('userId', 'in', ids).execute();
  for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), r.role]);
  return map;
}

function toRow(
  u: { id: string; email: string; username: string; displayName: string; status: AdminUserRow['status']; emailVerifiedAt: number | null; createdAt: number },
  roles: Role[],
): AdminUserRow {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    displayName: u.displayName,
    roles: withReader(roles),
    status: u.status,
    emailVerified: u.emailVerifiedAt !== null,
    createdAt: u.createdAt,
  };
}

export async function searchUsers(db: DB, query: UserListParams): Promise<AdminUserPage> {
  let base = db.selectFrom('users').where('users.status', '!=', 'deleted');
  if (query.status !== 'all') base = base.where('users.status', '=', query.status);
  if (query.q) {
    const text = query.q;
    base = base.where((eb) => eb.or([containsText('users.email', text), containsText('users.username', text), containsText('users.displayName', text)]));
  }
  if (query.role === 'reader') {
    // "Readers" means accounts holding no granted role at all.
    base = base.where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('userRoles').select('userRoles.userId').whereRef('userRoles.userId', '=', 'users.id'))),
    );
  } else if (query.role) {
    const role = query.role;
    base = base.where(({ exists, selectFrom }) =>
      exists(selectFrom('userRoles').select('userRoles.userId').whereRef('userRoles.userId', '=', 'users.id').where('userRoles.role', '=', role)),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([...USER_COLUMNS])
    .orderBy('users.createdAt', 'desc')
    .orderBy('users.id')
    .limit(ADMIN_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_PAGE_SIZE)
    .execute();
  const roles = await rolesFor(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toRow(r, roles.get(r.id) ?? [])), page: query.page, pageSize: ADMIN_PAGE_SIZE, total: Number(total) };
}

export async function findUser(db: DB, id: string) {
  return db
    .selectFrom('users')
    .select([...USER_COLUMNS, 'users.bio'])
    .where('users.id', '=', id)
    .where('users.status', '!=', 'deleted')
    .executeTakeFirst();
}

export async function userDetail(db: DB, id: string, now: number): Promise<AdminUserDetail | null> {
  const user = await findUser(db, id);
  if (!user) return null;
  const roles = await rolesFor(db, [id]);
  const { n } = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', id)
    .where('expiresAt', '>', now)
    .where('replacedAt', 'is', null)
    .executeTakeFirstOrThrow();
  const requests = await listRoleRequests(db, { status: 'all', userId: id });
  return { ...toRow(user, roles.get(id) ?? []), bio: user.bio, sessions: Number(n), requests };
}
