/** /api/admin/role-requests: the author and publisher queues and their decisions. */
import { Hono } from 'hono';
import * as api from '../../sync/api/admin';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { adminActor } from './actor';
import { approveRoleRequest, rejectRoleRequest } from './decide-role-request';
import { listRoleRequests } from './role-request-queries';

export function roleRequestRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const at = '/api/admin/role-requests';
  on(router, at, api.listRoleRequests, async (c, { query }) => {
    adminActor(c);
    return { items: await listRoleRequests(ctx.db, { role: query.role, status: query.status }) };
  });
  on(router, at, api.approveRoleRequest, async (c, { params, body }) => {
    await approveRoleRequest(ctx, adminActor(c), params.id, body.note);
    return { ok: true };
  });
  on(router, at, api.rejectRoleRequest, async (c, { params, body }) => {
    await rejectRoleRequest(ctx, adminActor(c), params.id, body.note);
    return { ok: true };
  });
  return router;
}
