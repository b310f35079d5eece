/**
 * /api/newsletter: subscribing (signed in or with just an address), confirming, one-click
 * unsubscribe, my subscriptions, the archive, and the setup of an author's or the site's
 * newsletter. The one-click POST is exempt from the same-origin check in app.ts (a mail client
 * sends it from nowhere); its token is its only credential and names a single subscription.
 */
import { Hono, type Context } from 'hono';
import * as api from '../../sync/api/newsletter';
import { can } from '../../sync/roles';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { invalid, notFound } from '../http/errors';
import { requirePermission, requireUser } from '../http/guard';
import { buildLimiter, limitBefore } from '../http/rate-limit';
import { RATE_LIMITS } from '../limits';
import { bodyHtml } from './body';
import { findNewsletter, newsletterNames } from './newsletters';
import { createIssue, readSetup, saveSettings, schedule, testSend, updateIssue } from './setup';
import { confirm, subscribe, unsubscribeWithToken } from './subscriptions';

const AT = '/api/newsletter';

export function newsletterRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const byIp = buildLimiter(ctx, 'newsletter-subscribe', RATE_LIMITS.mailPerIp);
  router.post(
    '/subscribe',
    limitBefore(byIp, (c) => c.get('ip')),
  );
  const byAccount = buildLimiter(ctx, 'newsletter-test-send', RATE_LIMITS.mailPerAccount);
  router.post(
    '/setup/:scope/issues/:id/test',
    limitBefore(byAccount, (c) => requireUser(c).id),
  );

  on(router, AT, api.subscribe, async (c, { body }) => {
    const user = c.get('user');
    const email = body.email ?? user?.email;
    if (!email) throw invalid('Enter your e-mail address.', { email: 'Enter your e-mail address.' });
    const newsletter = await findNewsletter(ctx, body.newsletterId);
    if (!newsletter) throw notFound('No such newsletter.');
    await subscribe(ctx, newsletter, email, user && user.email === email ? user.id : null);
    return { newsletterName: newsletter.name };
  });

  on(router, AT, api.confirmSubscription, async (_c, { body }) => ({ newsletterName: (await confirm(ctx, body.token)).name }));

  on(router, AT, api.unsubscribeByToken, async (_c, { query }) => ({ newsletterName: (await unsubscribeWithToken(ctx, query.token)).name }));
  // A mail client that only knows RFC 2369 opens the header's URL with GET: show the page with its
  // button rather than unsubscribe on a GET (link scanners fetch those).
  router.get('/unsubscribe', (c) => c.redirect(`/newsletter/unsubscribe?token=${encodeURIComponent(c.req.query('token') ?? '')}`, 303));

  const mine = (user: { id: string; email: string }) =>
    ctx.db.selectFrom('newsletterSubscriptions').where((eb) => eb.or([eb('userId', '=', user.id), eb('email', '=', user.email)]));

  on(router, AT, api.mySubscriptions, async (c) => {
    const user = requirePermission(c, 'account:use');
    const rows = await mine(user).select(['id', 'newsletterId', 'email', 'status', 'createdAt', 'confirmedAt']).orderBy('createdAt', 'desc').execute();
    const names = await newsletterNames(
      ctx,
      rows.map((r) => r.newsletterId),
    );
    return {
      subscriptions: rows.map((r) => ({
        id: r.id,
        newsletterId: r.newsletterId,
        newsletterName: names.get(r.newsletterId)!,
        email: r.email,
        status: r.status,
        since: r.confirmedAt ?? r.createdAt,
      })),
    };
  });

  on(router, AT, api.leaveSubscription, async (c, { params }) => {
    const user = requirePermission(c, 'account:use');
    const row = await mine(user).select('id').where('id', '=', params.id).executeTakeFirst();
    if (!row) throw notFound('No such subscription.');
    await ctx.db
      .updateTable('newsletterSubscriptions')
      .set({ status: 'unsubscribed', unsubscribedAt: ctx.now(), confirmHash: null, confirmExpiresAt: null })
      .where('id', '=', row.id)
      .where('status', '!=', 'unsubscribed')
      .execute();
    return undefined;
  });

  const archiveRows = () =>
    ctx.db.selectFrom('newsletterIssues').select(['id', 'newsletterId', 'subject', 'sentAt', 'body']).where('status', '=', 'sent').orderBy('sentAt', 'desc');

  on(router, AT, api.newsletterArchive, async (c) => {
    const user = c.get('user');
    const subscribed = user ? (await mine(user).select('newsletterId').where('status', '=', 'active').execute()).map((r) => r.newsletterId) : [];
    const rows = await archiveRows()
      .where('newsletterId', 'in', [api.SITE_NEWSLETTER, ...subscribed])
      .limit(100)
      .execute();
    const names = await newsletterNames(
      ctx,
      rows.map((r) => r.newsletterId),
    );
    return {
      issues: rows.map((r) => ({ id: r.id, newsletterId: r.newsletterId, newsletterName: names.get(r.newsletterId)!, subject: r.subject, sentAt: r.sentAt! })),
    };
  });

  on(router, AT, api.archivedIssue, async (_c, { params }) => {
    const row = await archiveRows().where('id', '=', params.id).executeTakeFirst();
    if (!row) throw notFound('No such issue in the archive.');
    const names = await newsletterNames(ctx, [row.newsletterId]);
    return {
      id: row.id,
      newsletterId: row.newsletterId,
      newsletterName: names.get(row.newsletterId)!,
      subject: row.subject,
      sentAt: row.sentAt!,
      html: bodyHtml(row.body),
    };
  });

  /** The newsletter a setup route works on, after checking who may. */
  async function scoped(c: Context<AppEnv>, scope: string) {
    if (scope === 'site') {
      const user = requirePermission(c, 'admin:access');
      return { user, newsletter: (await findNewsletter(ctx, api.SITE_NEWSLETTER))! };
    }
    if (scope === 'mine') {
      const user = requirePermission(c, 'newsletter:write');
      const newsletter = await findNewsletter(ctx, api.authorNewsletterId(user.id));
      if (newsletter) return { user, newsletter };
    }
    throw notFound('No such newsletter.');
  }
  const setupOf = async (c: Context<AppEnv>, scope: string) => {
    const { newsletter, user } = await scoped(c, scope);
    return readSetup(ctx, newsletter, scope === 'site' && can(user, 'admin:access'));
  };

  on(router, AT, api.getNewsletterSetup, (c, { params }) => setupOf(c, params.scope));
  on(router, AT, api.saveNewsletterSettings, async (c, { params, body }) => {
    const { newsletter } = await scoped(c, params.scope);
    await saveSettings(ctx, newsletter.id, body);
    return setupOf(c, params.scope);
  });
  on(router, AT, api.createIssue, async (c, { params, body }) => {
    const { newsletter, user } = await scoped(c, params.scope);
    return { id: await createIssue(ctx, newsletter.id, user.id, body) };
  });
  on(router, AT, api.updateIssue, async (c, { params, body }) => {
    const { newsletter } = await scoped(c, params.scope);
    await updateIssue(ctx, newsletter.id, params.id, body);
    return { id: params.id };
  });
  on(router, AT, api.testSendIssue, async (c, { params }) => {
    const { newsletter, user } = await scoped(c, params.scope);
    await testSend(ctx, newsletter, params.id, user.email);
    return { to: user.email };
  });
  on(router, AT, api.scheduleIssue, async (c, { params, body }) => {
    const { newsletter } = await scoped(c, params.scope);
    return { status: await schedule(ctx, newsletter, params.id, body.sendAt, body.cancel ?? false) };
  });
  return router;
}
