/** The support inbox's API, /api/admin/support ('support:answer'); audited in commands.ts. */
import { Hono, type Context } from 'hono';
import * as api from '../../sync/api/admin-support';
import { adminActor } from '../admin/actor';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { notFound } from '../http/errors';
import { replyAsTeam, updateConversation } from './commands';
import { syncSupportInbox } from './inbox';
import { findConversation, listConversations } from './queries';

const staff = (c: Context<AppEnv>) => adminActor(c, 'support:answer');

export function adminSupportRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const AT = '/api/admin/support';
  const found = async (userId: string) => {
    const conversation = await findConversation(ctx.db, userId);
    if (!conversation) throw notFound('No such support conversation.');
    return conversation;
  };
  on(router, AT, api.listSupportConversations, async (c, { query }) => {
    const me = staff(c);
    await syncSupportInbox(ctx);
    return listConversations(ctx, query, me.actor.id);
  });
  on(router, AT, api.getSupportConversation, async (c, { params }) => {
    staff(c);
    await syncSupportInbox(ctx);
    return found(params.userId ?? '');
  });
  on(router, AT, api.replyToSupport, async (c, { params, body }) => {
    const by = staff(c);
    const userId = params.userId ?? '';
    await syncSupportInbox(ctx);
    await replyAsTeam(ctx, by, userId, body);
    return found(userId);
  });
  on(router, AT, api.updateSupportConversation, async (c, { params, body }) => {
    const userId = params.userId ?? '';
    await updateConversation(ctx, staff(c), userId, body);
    return found(userId);
  });
  return router;
}
