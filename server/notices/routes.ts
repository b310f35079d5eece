/** Notices to segments, /api/admin/notices ('notices:send'); audited in notices.ts. */
import { Hono, type Context } from 'hono';
import * as api from '../../sync/api/admin-notices';
import { adminActor } from '../admin/actor';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { createNotice, findTargets, NOTICE_HISTORY_PAGE, noticeHistory, previewCounts } from './notices';

const sender = (c: Context<AppEnv>) => adminActor(c, 'notices:send');

export function adminNoticeRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const AT = '/api/admin/notices';
  on(router, AT, api.previewNotice, (c, { body }) => {
    sender(c);
    return previewCounts(ctx, body);
  });
  on(router, AT, api.sendNotice, async (c, { body }) => {
    const id = await createNotice(ctx, sender(c), body);
    return (await noticeHistory(ctx, 1, id)).items[0]!;
  });
  on(router, AT, api.listNotices, async (c, { query }) => {
    sender(c);
    return { ...(await noticeHistory(ctx, query.page)), page: query.page, pageSize: NOTICE_HISTORY_PAGE };
  });
  on(router, AT, api.findNoticeTargets, (c, { query }) => {
    sender(c);
    return findTargets(ctx, query.kind, query.q);
  });
  return router;
}
