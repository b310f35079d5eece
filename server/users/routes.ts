/**
 * /api/users: finding a person by exact username (for "New message" and co-author invites) and
 * the public profile.
 * - `/search` is a prefix match for the "New message" picker (server/users/search.ts), ten at
 *   most, rate-limited per account like `/lookup`.
 * - `/lookup` is exact-match only (no search, no listing) and rate-limited per account, so it
 *   cannot enumerate accounts cheaply. Deleted and suspended accounts answer like unknown ones.
 * - `/:username` shows a private profile's name (with its id and whether it is an author, for
 *   "Message" and "Follow") and nothing else (not even public lists) to
 *   everyone but its owner.
 */
import { Hono } from 'hono';
import { getUserProfile } from '../../sync/api/lists';
import { lookupUser, searchUsers, USERNAME_LOOKUP_MAX } from '../../sync/api/users';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { notFound } from '../http/errors';
import { requirePermission } from '../http/guard';
import { buildLimiter, take } from '../http/rate-limit';
import { RATE_LIMITS } from '../limits';
import { authorsInStore } from '../authors/queries';
import { publicLists } from '../lists/queries';
import { searchPeople } from './search';

const PROFILE_LISTS = 50;

function activeUser(ctx: AppContext, username: string) {
  return ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'displayName', 'bio', 'avatarUrl', 'profileVisibility'])
    .where('username', '=', username)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export function userRoutes(ctx: AppContext) {
  const limiter = buildLimiter(ctx, 'user-lookup', RATE_LIMITS.userLookupPerAccount);
  const router = new Hono<AppEnv>();
  on(router, '/api/users', lookupUser, async (c, { query }) => {
    const me = requirePermission(c, 'account:use');
    await take(limiter, me.id);
    const username = (query.username ?? '').trim().replace(/^@/, '').toLowerCase();
    if (!username || username.length > USERNAME_LOOKUP_MAX) throw notFound('No one has that username.');
    const user = await activeUser(ctx, username);
    if (!user) throw notFound('No one has that username.');
    return { id: user.id, username: user.username, displayName: user.displayName };
  });
  const searchLimiter = buildLimiter(ctx, 'user-search', RATE_LIMITS.userSearchPerAccount);
  on(router, '/api/users', searchUsers, async (c, { query }) => {
    const me = requirePermission(c, 'account:use');
    await take(searchLimiter, me.id);
    return { people: await searchPeople(ctx, query.q ?? '', me.id) };
  });
  // After /lookup and /search, which its :username would otherwise swallow.
  on(router, '/api/users', getUserProfile, async (c, { params }) => {
    const username = params.username.toLowerCase();
    const user = username.length <= USERNAME_LOOKUP_MAX ? await activeUser(ctx, username) : undefined;
    if (!user) throw notFound('No one goes by that name here.');
    // An author's name and books are public on the author page, private profile or not.
    const isAuthor = (await authorsInStore(ctx).select('users.id').where('users.id', '=', user.id).executeTakeFirst()) !== undefined;
    const person = { id: user.id, username: user.username, displayName: user.displayName, isAuthor };
    if (user.profileVisibility === 'private' && c.get('user')?.id !== user.id) return { visibility: 'private' as const, ...person };
    const lists = await publicLists(ctx.db, { ownerId: user.id, limit: PROFILE_LISTS });
    return { visibility: 'public' as const, ...person, bio: user.bio, avatarUrl: user.avatarUrl, lists };
  });
  return router;
}
