/**
 * /api/account: the signed-in person's own profile, role applications, notification choices
 * and account deletion. Handlers parse, authorise and call; the rules live in the modules beside.
 */
import { Hono, type Context } from 'hono';
import { DeletionRequestInput, ProfileUpdateInput, RoleRequestInput } from '../../sync/api/account';
import { NotificationPrefsInput } from '../../sync/api/notifications';
import type { AppContext, AppEnv } from '../context';
import { requirePermission } from '../http/guard';
import { readJson } from '../http/validate';
import { loadPrefs, savePrefs } from '../notifications/prefs';
import { deletionStatus, scheduleDeletion, undoDeletion } from './deletion';
import { getProfile, updateProfile } from './profile';
import { applyForRole, listMyRoleRequests } from './role-applications';

/** Any signed-in account that is not suspended; an account awaiting deletion included. */
const signedIn = (c: Context<AppEnv>) => requirePermission(c, 'account:use');

function requester(c: Context<AppEnv>) {
  return { user: signedIn(c), sessionId: c.get('sessionId'), ip: c.get('ip') };
}

export function accountRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get('/profile', async (c) => {
      const user = signedIn(c);
      return c.json({ profile: await getProfile(ctx.db, user.id) });
    })
    .patch('/profile', async (c) => {
      const user = signedIn(c);
      const input = await readJson(c, ProfileUpdateInput);
      return c.json({ profile: await updateProfile(ctx.db, user.id, input, ctx.now()) });
    })
    .get('/role-requests', async (c) => {
      const user = signedIn(c);
      return c.json({ requests: await listMyRoleRequests(ctx.db, user.id), roles: user.roles });
    })
    .post('/role-requests', async (c) => {
      const user = requirePermission(c, 'role:request');
      const input = await readJson(c, RoleRequestInput);
      const request = await applyForRole(ctx.db, user, input, ctx.now(), c.get('ip'));
      return c.json({ request }, 201);
    })
    .get('/notification-prefs', async (c) => {
      const user = signedIn(c);
      return c.json({ prefs: await loadPrefs(ctx.db, user.id) });
    })
    .put('/notification-prefs', async (c) => {
      const user = signedIn(c);
      const input = await readJson(c, NotificationPrefsInput);
      return c.json({ prefs: await savePrefs(ctx.db, user.id, input.prefs) });
    })
    .get('/deletion', async (c) => {
      const user = signedIn(c);
      return c.json(await deletionStatus(ctx, user.id));
    })
    .post('/deletion', async (c) => {
      const who = requester(c);
      const { password } = await readJson(c, DeletionRequestInput);
      return c.json(await scheduleDeletion(ctx, who, password));
    })
    .delete('/deletion', async (c) => c.json(await undoDeletion(ctx, requester(c))));
}
