/** /api/admin/role-requests: the author and publisher queues and their decisions. */
import { Hono } from 'hono';
import { ApproveInput, RejectInput, RoleRequestQuery } from '../../sync/api/admin';
import type { AppContext, AppEnv } from '../context';
import { readJson, readQuery } from '../http/validate';
import { adminActor } from './actor';
import { approveRoleRequest, rejectRoleRequest } from './decide-role-request';
import { listRoleRequests } from './role-request-queries';

export function roleRequestRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      adminActor(c);
      const { role, status } = readQuery(c, RoleRequestQuery);
      return c.json({ items: await listRoleRequests(ctx.db, { role, status }) });
    })
    .post('/:id/approve', async (c) => {
      const by = adminActor(c);
      const { note } = await readJson(c, ApproveInput);
      await approveRoleRequest(ctx, by, c.req.param('id'), note);
      return c.json({ ok: true });
    })
    .post('/:id/reject', async (c) => {
      const by = adminActor(c);
      const { note } = await readJson(c, RejectInput);
      await rejectRoleRequest(ctx, by, c.req.param('id'), note);
      return c.json({ ok: true });
    });
}
