/** Who is acting in an admin request, in the shape the audit log wants. */
import type { Context } from 'hono';
import type { Permission } from '../../sync/roles';
import type { AppEnv } from '../context';
import { requirePermission } from '../http/guard';

export interface AdminActor {
  actor: { id: string; username: string };
  ip: string;
}

/** The signed-in staff member, when they hold `permission` (403 otherwise). */
export function adminActor(c: Context<AppEnv>, permission: Permission = 'admin:access'): AdminActor {
  const user = requirePermission(c, permission);
  return { actor: { id: user.id, username: user.username }, ip: c.get('ip') };
}
