/**
 * /api/dev: tools behind the development pages. They exist only for admins and in development
 * builds; everyone else gets 404, not 403, because for them these routes do not exist.
 */
import { Hono, type Context } from 'hono';
import { DELIBERATE_FAILURE_MESSAGE, listMailOutbox, publishSampleBook, triggerFailure } from '../../sync/api/dev';
import { can } from '../../sync/roles';
import type { AppContext, AppEnv } from '../context';
import { containsText } from '../db/contains';
import { on } from '../http/endpoint';
import { notFound } from '../http/errors';
import { publishSampleBook as publish } from './sample-book';

export const OUTBOX_PAGE_SIZE = 200;

function requireDev(ctx: AppContext, c: Context<AppEnv>) {
  if (!ctx.config.development && !can(c.get('user'), 'dev:access')) throw notFound('No such API route.');
}

export function devRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const at = '/api/dev';
  router.use('*', async (c, next) => {
    requireDev(ctx, c);
    await next();
  });
  on(router, at, listMailOutbox, async (_c, { query: { to } }) => {
    let query = ctx.db.selectFrom('mailOutbox').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(OUTBOX_PAGE_SIZE);
    // SQLite's LIKE ignores ASCII case; ESCAPE makes % and _ in the filter literal.
    if (to) query = query.where(containsText('toAddress', to));
    const rows = await query.execute();
    return {
      messages: rows.map((r) => ({
        id: r.id,
        to: r.toAddress,
        from: r.fromAddress,
        subject: r.subject,
        text: r.textBody,
        html: r.htmlBody,
        headers: JSON.parse(r.headers) as Record<string, string>,
        status: r.status,
        error: r.error,
        createdAt: r.createdAt,
        sentAt: r.sentAt,
      })),
    };
  });
  on(router, at, publishSampleBook, async (_c, { body }) => {
    const author = await ctx.db
      .selectFrom('users')
      .select(['id', 'displayName'])
      .where('id', '=', body.authorId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (!author) throw notFound('No active account has that id.');
    return { id: await publish(ctx, author, body.title) };
  });
  on(router, at, triggerFailure, () => {
    // Lets the failure page, its digest and /admin/debug-reports be checked end to end.
    throw new Error(DELIBERATE_FAILURE_MESSAGE);
  });
  return router;
}
