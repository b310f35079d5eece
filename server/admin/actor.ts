/** Who is acting in an admin request, in the shape the audit log wants. */
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { requirePermission } from '../http/guard';

export interface AdminActor {
  actor: { id: string; username: string };
  ip: string;
}

export function adminActor(c: Context<AppEnv>): AdminActor {
  const user = requirePermission(c, 'admin:access');
  return { actor: { id: user.id, username: user.username }, ip: c.get('ip') };
}

/** Escape LIKE wildcards so a search for "50%" finds "50%" (used with ESCAPE '\'). */
export function likeContains(q: string): string {
  return `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}
