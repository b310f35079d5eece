/**
 * /api/account: the signed-in person's own profile, role applications, notification choices
 * and account deletion. Handlers parse, authorise and call; the rules live in the modules beside.
 */
import { Hono, type Context } from 'hono';
import * as api from '../../sync/api/account';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { requirePermission } from '../http/guard';
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
  const router = new Hono<AppEnv>();
  const at = '/api/account';
  on(router, at, api.getProfile, async (c) => ({ profile: await getProfile(ctx.db, signedIn(c).id) }));
  on(router, at, api.updateProfile, async (c, { body }) => ({ profile: await updateProfile(ctx.db, signedIn(c).id, body, ctx.now()) }));
  on(router, at, api.listMyRoleRequests, async (c) => {
    const user = signedIn(c);
    return { requests: await listMyRoleRequests(ctx.db, user.id), roles: user.roles };
  });
  on(router, at, api.applyForRole, async (c, { body }) => {
    const user = requirePermission(c, 'role:request');
    return { request: await applyForRole(ctx.db, user, body, ctx.now(), c.get('ip')) };
  });
  on(router, at, api.getNotificationPrefs, async (c) => ({ prefs: await loadPrefs(ctx.db, signedIn(c).id) }));
  on(router, at, api.saveNotificationPrefs, async (c, { body }) => ({ prefs: await savePrefs(ctx.db, signedIn(c).id, body.prefs) }));
  on(router, at, api.getDeletionStatus, async (c) => deletionStatus(ctx, signedIn(c).id));
  on(router, at, api.scheduleDeletion, async (c, { body }) => scheduleDeletion(ctx, requester(c), body.password));
  on(router, at, api.undoDeletion, async (c) => undoDeletion(ctx, requester(c)));
  return router;
}
