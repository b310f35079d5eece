/** /api/notifications: the signed-in person's inbox for the header bell. */
import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { notFound } from '../http/errors';
import { requirePermission } from '../http/guard';
import { listNotifications, markAllRead, markRead } from './inbox';

const ID_MAX = 64;

export function notificationRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const user = requirePermission(c, 'account:use');
      return c.json(await listNotifications(ctx.db, user.id));
    })
    .post('/read-all', async (c) => {
      const user = requirePermission(c, 'account:use');
      const marked = await markAllRead(ctx.db, user.id, ctx.now());
      return c.json({ ok: true as const, marked });
    })
    .post('/:id/read', async (c) => {
      const user = requirePermission(c, 'account:use');
      const id = c.req.param('id');
      if (id.length > ID_MAX) throw notFound('No such notification.');
      await markRead(ctx.db, user.id, id, ctx.now());
      return c.json({ ok: true as const });
    });
}
