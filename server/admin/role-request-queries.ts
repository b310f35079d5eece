/** Reads of role_requests with the applicant joined in, for the queues and a user's detail. */
import type { RequestStatusFilter, RoleRequestRow } from '../../sync/api/admin';
import type { DB } from '../db/connection';

/** A queue is short in practice; the cap keeps one page bounded if it is not. */
const LIST_LIMIT = 200;

export async function listRoleRequests(
  db: DB,
  filter: { role?: 'author' | 'publisher'; status: RequestStatusFilter; userId?: string },
): Promise<RoleRequestRow[]> {
  let q = db
    .selectFrom('roleRequests as r')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .select([
      'r.id',
      'r.role',
      'r.imprintName',
      'r.message',
      'r.status',
      'r.note',
      'r.createdAt',
      'r.decidedAt',
      'r.decidedBy',
      'u.id as userId',
      'u.username',
      'u.displayName',
      'u.email',
    ]);
  if (filter.role) q = q.where('r.role', '=', filter.role);
  if (filter.status !== 'all') q = q.where('r.status', '=', filter.status);
  if (filter.userId) q = q.where('r.userId', '=', filter.userId);
  // Pending requests are a queue (oldest first); decided ones read as history (newest first).
  q = filter.status === 'pending' ? q.orderBy('r.createdAt', 'asc') : q.orderBy('r.createdAt', 'desc');
  const rows = await q.limit(LIST_LIMIT).execute();
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    imprintName: r.imprintName,
    message: r.message,
    status: r.status,
    note: r.note,
    createdAt: r.createdAt,
    decidedAt: r.decidedAt,
    decidedBy: r.decidedBy,
    applicant: { id: r.userId, username: r.username, displayName: r.displayName, email: r.email },
  }));
}
