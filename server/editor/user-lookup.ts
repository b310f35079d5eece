/**
 * GET /api/users/lookup?username= — find an account to invite as a co-author. Answers only the
 * public handle and display name of an active account, and only to signed-in people, so the
 * route cannot be used to learn e-mail addresses.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext, AppEnv } from '../context';
import { badRequest, notFound } from '../http/errors';
import { requirePermission } from '../http/guard';

const LookupQuery = z.object({ username: z.string().trim().min(1).max(64) });

export function userLookupRoutes(ctx: AppContext) {
  return new Hono<AppEnv>().get('/lookup', async (c) => {
    requirePermission(c, 'account:use');
    const parsed = LookupQuery.safeParse({ username: c.req.query('username') ?? '' });
    if (!parsed.success) throw badRequest('Give a username.', { username: 'Give a username.' });
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'username', 'displayName'])
      .where('username', '=', parsed.data.username.replace(/^@/, '').toLowerCase())
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (!user) throw notFound('No account has that username.');
    return c.json(user);
  });
}
