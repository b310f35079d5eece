/** /api/admin/users: search, detail, roles, suspend / restore, send a reset e-mail. */
import { Hono } from 'hono';
import * as api from '../../sync/api/admin';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { notFound } from '../http/errors';
import { adminActor } from './actor';
import { deleteUserAccount, restoreUser, sendUserReset, setUserRoles, suspendUser } from './user-commands';
import { searchUsers, userDetail } from './user-queries';

export function userRoutes(ctx: AppContext) {
  const detailOr404 = async (id: string) => {
    const user = await userDetail(ctx.db, id, ctx.now());
    if (!user) throw notFound('No such user.');
    return user;
  };
  const router = new Hono<AppEnv>();
  const at = '/api/admin/users';
  on(router, at, api.listUsers, async (c, { query }) => {
    adminActor(c);
    return searchUsers(ctx.db, query);
  });
  on(router, at, api.getUser, async (c, { params }) => {
    adminActor(c);
    return detailOr404(params.id);
  });
  on(router, at, api.setUserRoles, async (c, { params, body }) => {
    await setUserRoles(ctx, adminActor(c), params.id, body.roles);
    return detailOr404(params.id);
  });
  on(router, at, api.suspendUser, async (c, { params, body }) => {
    await suspendUser(ctx, adminActor(c), params.id, body.reason);
    return detailOr404(params.id);
  });
  on(router, at, api.restoreUser, async (c, { params }) => {
    await restoreUser(ctx, adminActor(c), params.id);
    return detailOr404(params.id);
  });
  on(router, at, api.deleteUser, async (c, { params, body }) => {
    await deleteUserAccount(ctx, adminActor(c), params.id, body.reason);
    return detailOr404(params.id);
  });
  on(router, at, api.sendUserReset, async (c, { params }) => {
    await sendUserReset(ctx, adminActor(c), params.id);
    return { ok: true };
  });
  return router;
}
