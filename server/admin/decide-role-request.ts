/**
 * Approving or rejecting an author / publisher application. The decision, the granted role, the
 * new imprint and the audit entry commit together; the applicant is told afterwards (in-app
 * notice and e-mail, as their notification preferences say), so a failed notice never undoes
 * a decision. Deciding twice is a 409: the update only matches a pending row.
 */
import type { AppContext } from '../context';
import { recordAudit } from '../audit/record';
import { markRolesChanged } from '../auth/sessions';
import type { DB } from '../db/connection';
import { conflict, notFound } from '../http/errors';
import { newId } from '../http/ids';
import { notifyUser } from '../notifications/notify';
import type { AdminActor } from './actor';

type Decision = 'approved' | 'rejected';

async function claimPending(trx: DB, id: string, decision: Decision, note: string, by: AdminActor, now: number) {
  const request = await trx.selectFrom('roleRequests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!request) throw notFound('No such request.');
  const r = await trx
    .updateTable('roleRequests')
    .set({ status: decision, note, decidedAt: now, decidedBy: by.actor.id })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw conflict(`This request was already ${request.status}.`);
  return request;
}

/** The applicant's names, so the audit log reads without looking ids up. */
function applicant(db: DB, userId: string) {
  return db.selectFrom('users').select(['username', 'displayName']).where('id', '=', userId).executeTakeFirstOrThrow();
}

const ROLE_LABEL = { author: 'an author', publisher: 'a publisher' } as const;

export async function approveRoleRequest(ctx: AppContext, by: AdminActor, id: string, note: string) {
  const now = ctx.now();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const request = await claimPending(trx, id, 'approved', note, by, now);
    await trx
      .insertInto('userRoles')
      .values({ userId: request.userId, role: request.role, grantedAt: now, grantedBy: by.actor.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
    let imprint: { id: string; name: string } | null = null;
    if (request.role === 'publisher') {
      const owner = await applicant(trx, request.userId);
      imprint = { id: newId(), name: request.imprintName?.trim() || `${owner.displayName}'s imprint` };
      await trx.insertInto('imprints').values({ id: imprint.id, name: imprint.name, ownerId: request.userId, createdAt: now }).execute();
      await trx.insertInto('imprintMembers').values({ imprintId: imprint.id, userId: request.userId, role: 'owner' }).execute();
    }
    await markRolesChanged(ctx, request.userId, trx);
    await recordAudit(trx, now, {
      ...by,
      action: 'role_request.approved',
      targetType: 'role_request',
      targetId: id,
      detail: {
        userId: request.userId,
        username: (await applicant(trx, request.userId)).username,
        role: request.role,
        note,
        ...(imprint ? { imprintId: imprint.id, imprintName: imprint.name } : {}),
      },
    });
    return { request, imprint };
  });
  const { request, imprint } = result;
  await notifyUser(ctx, request.userId, {
    event: 'role_decision',
    title: `You're now ${ROLE_LABEL[request.role]} on Quire`,
    body: [
      request.role === 'publisher' && imprint ? `Your imprint "${imprint.name}" is ready.` : 'Your new tools are in the menu.',
      note ? `Note from the Quire team: ${note}` : '',
    ]
      .filter(Boolean)
      .join('\n\n'),
    link: '/settings',
  });
}

export async function rejectRoleRequest(ctx: AppContext, by: AdminActor, id: string, note: string) {
  const now = ctx.now();
  const request = await ctx.db.transaction().execute(async (trx) => {
    const request = await claimPending(trx, id, 'rejected', note, by, now);
    await recordAudit(trx, now, {
      ...by,
      action: 'role_request.rejected',
      targetType: 'role_request',
      targetId: id,
      detail: { userId: request.userId, username: (await applicant(trx, request.userId)).username, role: request.role, note },
    });
    return request;
  });
  await notifyUser(ctx, request.userId, {
    event: 'role_decision',
    title: `Your request to become ${ROLE_LABEL[request.role]} was not approved`,
    body: `Note from the Quire team: ${note}`,
    link: '/settings',
  });
}
