/**
 * /api/invitations — the signed-in person's co-author invitations: list them, accept one (they
 * become a member of the manuscript) or decline it. Someone else's invitation is not found.
 */
import { Hono, type Context } from 'hono';
import * as api from '../../../sync/api/my-invitations';
import type { AppContext, AppEnv } from '../../context';
import { on } from '../../http/endpoint';
import { requirePermission } from '../../http/guard';
import { acceptInvitation, declineInvitation, myInvitations } from './answer-invitation';

const signedIn = (c: Context<AppEnv>) => requirePermission(c, 'account:use');

export function myInvitationRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const at = '/api/invitations';
  on(router, at, api.listMyInvitations, async (c) => ({ invitations: await myInvitations(ctx, signedIn(c).id) }));
  on(router, at, api.acceptInvitation, async (c, { params }) => acceptInvitation(ctx, signedIn(c).id, params.id));
  on(router, at, api.declineInvitation, async (c, { params }) => {
    await declineInvitation(ctx, signedIn(c).id, params.id);
    return undefined;
  });
  return router;
}
