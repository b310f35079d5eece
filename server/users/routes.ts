/**
 * /api/users: finding a person by exact username, for "New message". Exact match only (no
 * search, no listing) and rate-limited per account, so it cannot be used to enumerate accounts
 * cheaply. Deleted and suspended accounts answer like unknown ones.
 */
import { Hono } from 'hono';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { USERNAME_LOOKUP_MAX, type UserLookupResponse } from '../../sync/api/users';
import type { AppContext, AppEnv } from '../context';
import { notFound, rateLimited } from '../http/errors';
import { requirePermission } from '../http/guard';

/** Lookups per account per minute (× Config.rateLimitScale): plenty for a person typing names. */
const LOOKUPS_PER_MINUTE = 30;

export function userRoutes(ctx: AppContext) {
  const limiter = new RateLimiterMemory({ points: LOOKUPS_PER_MINUTE * ctx.config.rateLimitScale, duration: 60 });
  return new Hono<AppEnv>().get('/lookup', async (c) => {
    const me = requirePermission(c, 'account:use');
    try {
      await limiter.consume(me.id);
    } catch (r) {
      throw rateLimited(Math.ceil((r as { msBeforeNext: number }).msBeforeNext / 1000));
    }
    const username = (c.req.query('username') ?? '').trim().replace(/^@/, '').toLowerCase();
    if (!username || username.length > USERNAME_LOOKUP_MAX) throw notFound('No one has that username.');
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'username', 'displayName'])
      .where('username', '=', username)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (!user) throw notFound('No one has that username.');
    const body: UserLookupResponse = user;
    return c.json(body);
  });
}
