/**
 * /api/users/:username: the public profile. A private profile shows its name and nothing else
 * (not even public lists), to everyone but its owner.
 */
import { Hono } from 'hono';
import type { UserProfileResponse } from '../../sync/api/lists';
import type { AppContext, AppEnv } from '../context';
import { notFound } from '../http/errors';
import { publicLists } from '../lists/queries';

const USERNAME_MAX = 64;
const PROFILE_LISTS = 50;

export function userRoutes(ctx: AppContext) {
  return new Hono<AppEnv>().get('/:username', async (c) => {
    const username = c.req.param('username').toLowerCase();
    const user =
      username.length <= USERNAME_MAX
        ? await ctx.db
            .selectFrom('users')
            .select(['id', 'username', 'displayName', 'bio', 'avatarUrl', 'profileVisibility'])
            .where('username', '=', username)
            .where('status', '=', 'active')
            .executeTakeFirst()
        : undefined;
    if (!user) throw notFound('No one goes by that name here.');
    const isOwner = c.get('user')?.id === user.id;
    let body: UserProfileResponse;
    if (user.profileVisibility === 'private' && !isOwner) {
      body = { visibility: 'private', username: user.username, displayName: user.displayName };
    } else {
      const lists = await publicLists(ctx.db, { ownerId: user.id, limit: PROFILE_LISTS });
      body = { visibility: 'public', username: user.username, displayName: user.displayName, bio: user.bio, avatarUrl: user.avatarUrl, lists };
    }
    return c.json(body);
  });
}
