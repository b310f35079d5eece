/**
 * /api/manuscripts/{id}/invitations — the owner invites a co-author by e-mail, lists pending
 * invitations and revokes them. Only the owner of a live manuscript may; anyone else gets 404 (a
 * manuscript they cannot see) or 403 (a co-author who is not the owner). Inviting is rate-limited
 * per account, and answers the same whether or not the address has an account.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import * as api from '../../../sync/api/invitations';
import { manuscriptRole, mayOnManuscript } from '../../../sync/manuscripts/policy';
import type { AppContext, AppEnv } from '../../context';
import { forbidden, notFound } from '../../http/errors';
import { on } from '../../http/endpoint';
import { requirePermission } from '../../http/guard';
import { buildLimiter, take } from '../../http/rate-limit';
import { RATE_LIMITS } from '../../limits';
import { readManuscript } from './add-member';
import { inviteByEmail, pendingInvitations, revokeInvitation } from './invitations';

/** Owner only, checked before the body is read, so a stranger learns nothing from a bad body. */
function ownerOnly(ctx: AppContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const me = requirePermission(c, 'account:use');
    const manuscript = await readManuscript(ctx, c.req.param('id') ?? '');
    const role = manuscript ? manuscriptRole(manuscript, me.id) : null;
    if (!manuscript || role === null) throw notFound('No such manuscript.');
    if (!mayOnManuscript(role, 'manage-co-authors')) throw forbidden('Only the owner of the manuscript invites co-authors.');
    await next();
  };
}

export function invitationRoutes(ctx: AppContext) {
  const limiter = buildLimiter(ctx, 'co-author-invite', RATE_LIMITS.coAuthorInvitesPerAccount);
  const router = new Hono<AppEnv>();
  const at = '/api/manuscripts';
  router.on(['GET', 'POST'], '/:id/invitations', ownerOnly(ctx));
  router.delete('/:id/invitations/:invitationId', ownerOnly(ctx));

  on(router, at, api.inviteByEmail, async (c, { params, body }) => {
    const me = requirePermission(c, 'account:use');
    await take(limiter, me.id);
    await inviteByEmail(ctx, me, params.id, body.email, body.role);
    return { message: api.INVITE_SENT_MESSAGE };
  });
  on(router, at, api.listPendingInvitations, async (_c, { params }) => ({ invitations: await pendingInvitations(ctx, params.id) }));
  on(router, at, api.revokeInvitation, async (_c, { params }) => {
    if (!(await revokeInvitation(ctx, params.id, params.invitationId))) throw notFound('That invitation was already used or revoked.');
    return undefined;
  });
  return router;
}
