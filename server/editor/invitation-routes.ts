/**
 * /api/manuscripts/{id}/invitations — the owner invites a co-author by e-mail, lists pending
 * invitations and revokes them. Only the owner of a live manuscript may; anyone else gets 404 (a
 * manuscript they cannot see) or 403 (a co-author who is not the owner). Inviting is rate-limited
 * per account, and answers the same whether or not the address has an account.
 */
import { Hono } from 'hono';
import { INVITE_SENT_MESSAGE, InviteByEmailInput, type InviteByEmailResponse, type PendingInvitationsResponse } from '../../sync/api/invitations';
import { manuscriptRole } from '../../sync/collections/manuscripts';
import type { AppContext, AppEnv } from '../context';
import { forbidden, notFound } from '../http/errors';
import { requirePermission } from '../http/guard';
import { buildLimiter, take } from '../http/rate-limit';
import { readJson } from '../http/validate';
import { RATE_LIMITS } from '../limits';
import { readManuscript } from './add-member';
import { inviteByEmail, pendingInvitations, revokeInvitation } from './invitations';

async function ownedManuscript(ctx: AppContext, id: string, userId: string) {
  const manuscript = await readManuscript(ctx, id);
  const role = manuscript ? manuscriptRole(manuscript, userId) : null;
  if (!manuscript || role === null) throw notFound('No such manuscript.');
  if (role !== 'owner') throw forbidden('Only the owner of the manuscript invites co-authors.');
  return manuscript;
}

export function invitationRoutes(ctx: AppContext) {
  const limiter = buildLimiter(ctx, 'co-author-invite', RATE_LIMITS.coAuthorInvitesPerAccount);
  return new Hono<AppEnv>()
    .post('/:id/invitations', async (c) => {
      const me = requirePermission(c, 'account:use');
      const manuscript = await ownedManuscript(ctx, c.req.param('id'), me.id);
      const input = await readJson(c, InviteByEmailInput);
      await take(limiter, me.id);
      await inviteByEmail(ctx, me, manuscript.id, input.email, input.role);
      const body: InviteByEmailResponse = { message: INVITE_SENT_MESSAGE };
      return c.json(body, 202);
    })
    .get('/:id/invitations', async (c) => {
      const me = requirePermission(c, 'account:use');
      const manuscript = await ownedManuscript(ctx, c.req.param('id'), me.id);
      const body: PendingInvitationsResponse = { invitations: await pendingInvitations(ctx, manuscript.id) };
      return c.json(body);
    })
    .delete('/:id/invitations/:invitationId', async (c) => {
      const me = requirePermission(c, 'account:use');
      const manuscript = await ownedManuscript(ctx, c.req.param('id'), me.id);
      if (!(await revokeInvitation(ctx, manuscript.id, c.req.param('invitationId')))) throw notFound('That invitation was already used or revoked.');
      return c.body(null, 204);
    });
}
