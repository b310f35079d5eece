/**
 * /api/admin/beta-requests: approve (an invite e-mail with a sign-up link carrying a one-time
 * invite code) or reject with a note that is e-mailed to the applicant. The applicant has no
 * account yet, so mail is the only channel.
 */
import { Hono } from 'hono';
import * as api from '../../sync/api/admin';
import { recordAudit } from '../audit/record';
import { sendBetaInvite } from '../auth/auth-mail';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { conflict, notFound } from '../http/errors';
import { renderMail } from '../mail/transactional';
import { adminActor, type AdminActor } from './actor';

const LIST_LIMIT = 200;

async function decide(ctx: AppContext, by: AdminActor, id: string, decision: 'approved' | 'rejected', note: string) {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const request = await trx.selectFrom('betaRequests').selectAll().where('id', '=', id).executeTakeFirst();
    if (!request) throw notFound('No such request.');
    const r = await trx
      .updateTable('betaRequests')
      .set({ status: decision, note, decidedAt: now, decidedBy: by.actor.id })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw conflict(`This request was already ${request.status}.`);
    await recordAudit(trx, now, {
      ...by,
      action: `beta_request.${decision}`,
      targetType: 'beta_request',
      targetId: id,
      detail: { email: request.email, note },
    });
    return request;
  });
}

export function betaRequestRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const at = '/api/admin/beta-requests';
  on(router, at, api.listBetaRequests, async (c, { query: { status } }) => {
    adminActor(c);
    let q = ctx.db.selectFrom('betaRequests').select(['id', 'name', 'email', 'interest', 'reason', 'status', 'note', 'createdAt', 'decidedAt']);
    if (status !== 'all') q = q.where('status', '=', status);
    q = status === 'pending' ? q.orderBy('createdAt', 'asc') : q.orderBy('createdAt', 'desc');
    const items: api.BetaRequestRow[] = await q.limit(LIST_LIMIT).execute();
    return { items };
  });
  on(router, at, api.approveBetaRequest, async (c, { params, body: { note } }) => {
    const request = await decide(ctx, adminActor(c), params.id, 'approved', note);
    await sendBetaInvite(ctx, { email: request.email, name: request.name, note: note || undefined });
    return { ok: true };
  });
  on(router, at, api.rejectBetaRequest, async (c, { params, body: { note } }) => {
    const request = await decide(ctx, adminActor(c), params.id, 'rejected', note);
    const site = ctx.config.publicUrl;
    await ctx.mail.send({
      to: request.email,
      ...renderMail(site, {
        subject: 'Your request to join the Quire beta',
        paragraphs: [
          `Hello ${request.name},`,
          "Thank you for your interest in Quire. We can't offer you a place in the beta right now.",
          note,
          `You're welcome to ask again later at ${site}/auth/beta-request.`,
        ],
      }),
    });
    return { ok: true };
  });
  return router;
}
