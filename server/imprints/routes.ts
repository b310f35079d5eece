/**
 * The imprint and its people: /api/publisher/imprints/{id}/settings, payout, members, authors,
 * dashboard and storefront (sync/api/publisher-team.ts, publisher-storefront.ts), each through
 * imprintAccess (server/publisher/access.ts: a non-member gets 404); the public storefront under
 * /api/store; the invited author's answers under /api/imprint-invitations.
 */
import { Hono, type Context } from 'hono';
import * as invitations from '../../sync/api/imprint-invitations';
import * as storefront from '../../sync/api/publisher-storefront';
import * as team from '../../sync/api/publisher-team';
import type { ImprintPermission } from '../../sync/roles';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { notFound } from '../http/errors';
import { requirePermission } from '../http/guard';
import { imprintAccess } from '../publisher/access';
import { answerInvitation, imprintAuthors, inviteAuthor, myImprintInvitations, removeAuthor } from './authors';
import { publisherDashboard } from './dashboard';
import { addMember, changeMemberRole, removeMember } from './members';
import { imprintMembers, imprintSettings, saveDetails, savePayoutAccount } from './settings';
import { publicStorefront, publishedOfImprint, saveStorefront, storefrontOf } from './storefront';

const AT = '/api/publisher';

const REFUSALS: Partial<Record<ImprintPermission, string>> = {
  'imprint:edit': 'Only the imprint’s owners and managers can change its details.',
  'payout:manage': 'Only the imprint’s owners can change where it is paid.',
  'members:manage': 'Only the imprint’s owners and managers can change its members.',
  'authors:manage': 'Only the imprint’s owners and managers can invite and remove authors.',
  'storefront:manage': 'Only the imprint’s owners and managers can change its storefront.',
};

export function imprintTeamRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const access = (c: Context<AppEnv>, imprintId: string | undefined, permission: ImprintPermission) =>
    imprintAccess(ctx, c, imprintId ?? '', permission, REFUSALS[permission]);
  /** The member with the account itself, for canManageMember. */
  const manager = async (c: Context<AppEnv>, imprintId: string | undefined) => ({
    ...(await access(c, imprintId, 'members:manage')),
    user: requirePermission(c, 'publisher:manage'),
  });

  on(router, AT, team.getImprintSettings, async (c, { params }) => imprintSettings(ctx, await access(c, params.imprintId, 'imprint:read')));

  on(router, AT, team.saveImprintDetails, async (c, { params, body }) => {
    const who = await access(c, params.imprintId, 'imprint:edit');
    await saveDetails(ctx, who, body);
    return imprintSettings(ctx, { ...who, imprint: { ...who.imprint, name: body.name } });
  });

  on(router, AT, team.savePayout, async (c, { params, body }) => ({
    payout: await savePayoutAccount(ctx, await access(c, params.imprintId, 'payout:manage'), body),
  }));

  on(router, AT, team.addMember, async (c, { params, body }) => {
    const who = await manager(c, params.imprintId);
    await addMember(ctx, who, body);
    return { members: await imprintMembers(ctx.db, who.imprint.id) };
  });

  on(router, AT, team.changeMemberRole, async (c, { params, body }) => {
    const who = await manager(c, params.imprintId);
    await changeMemberRole(ctx, who, params.userId!, body.role);
    return { members: await imprintMembers(ctx.db, who.imprint.id) };
  });

  on(router, AT, team.removeMember, async (c, { params }) => {
    const who = await manager(c, params.imprintId);
    await removeMember(ctx, who, params.userId!);
    return { members: await imprintMembers(ctx.db, who.imprint.id) };
  });

  on(router, AT, team.listImprintAuthors, async (c, { params }) => ({
    authors: await imprintAuthors(ctx, (await access(c, params.imprintId, 'imprint:read')).imprint.id),
  }));

  on(router, AT, team.inviteAuthor, async (c, { params, body }) => {
    const who = await access(c, params.imprintId, 'authors:manage');
    await inviteAuthor(ctx, who, body.username);
    return { authors: await imprintAuthors(ctx, who.imprint.id) };
  });

  on(router, AT, team.removeImprintAuthor, async (c, { params }) => {
    const who = await access(c, params.imprintId, 'authors:manage');
    await removeAuthor(ctx, who, params.userId!);
    return { authors: await imprintAuthors(ctx, who.imprint.id) };
  });

  on(router, AT, team.getPublisherDashboard, async (c, { params }) => publisherDashboard(ctx, (await access(c, params.imprintId, 'imprint:read')).imprint.id));

  on(router, AT, storefront.getStorefrontSettings, async (c, { params }) => {
    const { imprint } = await access(c, params.imprintId, 'imprint:read');
    const [front, publishedBooks] = await Promise.all([storefrontOf(ctx, imprint.id), publishedOfImprint(ctx, imprint.id)]);
    return { storefront: front, publishedBooks };
  });

  on(router, AT, storefront.saveStorefront, async (c, { params, body }) => {
    const who = await access(c, params.imprintId, 'storefront:manage');
    await saveStorefront(ctx, who, body);
    return { storefront: await storefrontOf(ctx, who.imprint.id) };
  });

  return router;
}

export function publicStorefrontRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  on(router, '/api/store', storefront.getPublicStorefront, async (_c, { params }) => {
    const found = await publicStorefront(ctx, params.slug ?? '');
    if (!found) throw notFound('No publisher has that storefront.');
    return found;
  });
  return router;
}

export function imprintInvitationRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const AT_INVITES = '/api/imprint-invitations';
  on(router, AT_INVITES, invitations.listImprintInvitations, async (c) => ({
    invitations: await myImprintInvitations(ctx, requirePermission(c, 'account:use').id),
  }));
  on(router, AT_INVITES, invitations.acceptImprintInvitation, async (c, { params }) => {
    const user = requirePermission(c, 'account:use');
    return answerInvitation(ctx, user, c.get('ip'), params.imprintId ?? '', true);
  });
  on(router, AT_INVITES, invitations.declineImprintInvitation, async (c, { params }) => {
    const user = requirePermission(c, 'account:use');
    await answerInvitation(ctx, user, c.get('ip'), params.imprintId ?? '', false);
    return undefined;
  });
  return router;
}
