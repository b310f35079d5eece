/** An account as the permission rules see it, read afresh (a job runs after the request that asked). */
import type { Principal } from '../../sync/roles';
import { loadRoles } from '../auth/sessions';
import type { AppContext } from '../context';

export async function userPrincipal(ctx: AppContext, userId: string): Promise<Principal | null> {
  const user = await ctx.db.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirst();
  if (!user || user.status === 'deleted') return null;
  return { roles: await loadRoles(ctx.db, userId), status: user.status };
}
