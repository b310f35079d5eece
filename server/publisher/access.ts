/**
 * Who may do what in an imprint: a publisher account (sync/roles.ts) that is a member of it, with
 * the member's role deciding reading or changing. A non-member gets 404, as if the imprint did not
 * exist, so imprint ids cannot be probed. The membership is read once per request: a handler may
 * check several permissions (read, then "may it manage ISBNs?") without asking the database again.
 */
import type { Context } from 'hono';
import { canInImprint, isImprintRole, type ImprintPermission, type ImprintRole } from '../../sync/roles';
import type { AppContext, AppEnv } from '../context';
import { forbidden, notFound } from '../http/errors';
import { requirePermission } from '../http/guard';

export interface ImprintActor {
  actor: { id: string; username: string };
  ip: string;
  imprint: { id: string; name: string };
  /** The account's role in the imprint (a role this code knows: others are refused). */
  role: ImprintRole;
}

type Membership = { id: string; name: string; role: string } | undefined;

/** Per request (its context), per imprint: the account's membership, as a promise shared by every check. */
const membershipsOf = new WeakMap<Context<AppEnv>, Map<string, Promise<Membership>>>();

function membership(ctx: AppContext, c: Context<AppEnv>, imprintId: string, userId: string): Promise<Membership> {
  let byImprint = membershipsOf.get(c);
  if (!byImprint) membershipsOf.set(c, (byImprint = new Map()));
  let found = byImprint.get(imprintId);
  if (!found) {
    found = ctx.db
      .selectFrom('imprintMembers')
      .innerJoin('imprints', 'imprints.id', 'imprintMembers.imprintId')
      .select(['imprints.id', 'imprints.name', 'imprintMembers.role'])
      .where('imprintMembers.imprintId', '=', imprintId)
      .where('imprintMembers.userId', '=', userId)
      .executeTakeFirst();
    byImprint.set(imprintId, found);
  }
  return found;
}

export async function imprintAccess(
  ctx: AppContext,
  c: Context<AppEnv>,
  imprintId: string,
  permission: ImprintPermission,
  refusal = "Only the imprint's owner and managers can change its ISBNs.",
): Promise<ImprintActor> {
  const user = requirePermission(c, 'publisher:manage');
  const member = await membership(ctx, c, imprintId, user.id);
  if (!member) throw notFound('No such imprint.');
  if (!isImprintRole(member.role) || !canInImprint(user, member.role, permission)) throw forbidden(refusal);
  return { actor: { id: user.id, username: user.username }, ip: c.get('ip'), imprint: { id: member.id, name: member.name }, role: member.role };
}
