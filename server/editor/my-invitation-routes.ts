/**
 * /api/invitations — the signed-in person's co-author invitations: list them, accept one (they
 * become a member of the manuscript) or decline it. Someone else's invitation is not found.
 */
import { Hono } from 'hono';
import type { AcceptInvitationResponse, MyInvitationsResponse } from '../../sync/api/invitations';
import type { AppContext, AppEnv } from '../context';
import { requirePermission } from '../http/guard';
import { acceptInvitation, declineInvitation, myInvitations } from './answer-invitation';

export function myInvitationRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const me = requirePermission(c, 'account:use');
      return c.json({ invitations: await myInvitations(ctx, me.id) } satisfies MyInvitationsResponse);
    })
    .post('/:id/accept', async (c) => {
      const me = requirePermission(c, 'account:use');
      return c.json((await acceptInvitation(ctx, me.id, c.req.param('id'))) satisfies AcceptInvitationResponse);
    })
    .post('/:id/decline', async (c) => {
      const me = requirePermission(c, 'account:use');
      await declineInvitation(ctx, me.id, c.req.param('id'));
      return c.body(null, 204);
    });
}
