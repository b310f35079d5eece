/**
 * A reader's applications to become an author or a publisher. The admin queues
 * (server/admin/role-requests.ts) decide them; here a person files one and sees their own.
 */
import type { z } from 'zod';
import type { MyRoleRequest, RoleRequestInput } from '../../sync/api/account';
import { recordAudit } from '../audit/record';
import type { SessionUser } from '../auth/sessions';
import type { DB } from '../db/connection';
import { conflict } from '../http/errors';
import { newId } from '../http/ids';

const ROLE_NAME = { author: 'an author', publisher: 'a publisher' } as const;

export async function listMyRoleRequests(db: DB, userId: string): Promise<MyRoleRequest[]> {
  return db
    .selectFrom('roleRequests')
    .select(['id', 'role', 'imprintName', 'message', 'status', 'note', 'createdAt', 'decidedAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function applyForRole(db: DB, user: SessionUser, input: z.output<typeof RoleRequestInput>, now: number, ip: string): Promise<MyRoleRequest> {
  if (user.roles.includes(input.role)) throw conflict(`You are already ${ROLE_NAME[input.role]}.`);
  return db.transaction().execute(async (trx) => {
    const pending = await trx
      .selectFrom('roleRequests')
      .select('id')
      .where('userId', '=', user.id)
      .where('role', '=', input.role)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (pending) throw conflict(`Your application to become ${ROLE_NAME[input.role]} is still waiting for a decision.`);
    const request: MyRoleRequest = {
      id: newId(),
      role: input.role,
      imprintName: input.role === 'publisher' ? (input.imprintName ?? null) : null,
      message: input.message,
      status: 'pending',
      note: '',
      createdAt: now,
      decidedAt: null,
    };
    await trx
      .insertInto('roleRequests')
      .values({ ...request, userId: user.id, decidedBy: null })
      .execute();
    await recordAudit(trx, now, {
      actor: { id: user.id, username: user.username },
      action: 'role_request.submitted',
      targetType: 'role_request',
      targetId: request.id,
      detail: { role: request.role, ...(request.imprintName ? { imprintName: request.imprintName } : {}) },
      ip,
    });
    return request;
  });
}
