/** /api/admin/users: search, detail, roles, suspend / restore, send a reset e-mail. */
import { Hono } from 'hono';
import { SetRolesInput, SuspendInput, UserListQuery } from '../../sync/api/admin';
import type { AppContext, AppEnv } from '../context';
import { notFound } from '../http/errors';
import { readJson, readQuery } from '../http/validate';
import { adminActor } from './actor';
import { restoreUser, sendUserReset, setUserRoles, suspendUser } from './user-commands';
import { searchUsers, userDetail } from './user-queries';

export function userRoutes(ctx: AppContext) {
  const detailOr404 = async (id: string) => {
    const user = await userDetail(ctx.db, id, ctx.now());
    if (!user) throw notFound('No such user.');
    return user;
  };
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      adminActor(c);
      return c.json(await searchUsers(ctx.db, readQuery(c, UserListQuery)));
    })
    .get('/:id', async (c) => {
      adminActor(c);
      return c.json(await detailOr404(c.req.param('id')));
    })
    .put('/:id/roles', async (c) => {
      const by = adminActor(c);
      const { roles } = await readJson(c, SetRolesInput);
      await setUserRoles(ctx, by, c.req.param('id'), roles);
      return c.json(await detailOr404(c.req.param('id')));
    })
    .post('/:id/suspend', async (c) => {
      const by = adminActor(c);
      const { reason } = await readJson(c, SuspendInput);
      await suspendUser(ctx, by, c.req.param('id'), reason);
      return c.json(await detailOr404(c.req.param('id')));
    })
    .post('/:id/restore', async (c) => {
      const by = adminActor(c);
      await restoreUser(ctx, by, c.req.param('id'));
      return c.json(await detailOr404(c.req.param('id')));
    })
    .post('/:id/send-reset', async (c) => {
      const by = adminActor(c);
      await sendUserReset(ctx, by, c.req.param('id'));
      return c.json({ ok: true });
    });
}
