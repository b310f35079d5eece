/**
 * The Hono app: security headers, client address, same-origin check, body cap, session, then the
 * feature routers. Errors
 * leave as `{ error: { code, message, … } }`; unexpected ones get a digest that is logged with the
 * stack and recorded in debug_reports.
 */
import { adminPublishingRoutes, publishingRoutes } from './publishing/routes';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../sync/errors';
import { accountRoutes } from './account/routes';
import { adminRoutes } from './admin/routes';
import { analyticsRoutes } from './analytics/routes';
import { authRoutes } from './auth/routes';
import { authorRoutes } from './authors/routes';
import { sessionMiddleware } from './auth/sessions';
import { billingRoutes } from './billing/routes';
import { blogPageRoutes } from './blog/meta';
import { adminBlogRoutes, blogRoutes } from './blog/routes';
import { bookRoutes } from './books/routes';
import { adminAskRoutes } from './ask/admin-routes';
import { askFeedbackRoutes, askRoutes } from './ask/routes';
import type { AppContext, AppEnv } from './context';
import { coverRoutes, manuscriptCoverRoutes } from './covers/routes';
import { debugRoutes } from './debug/routes';
import { recordFailure } from './debug/record';
import { devRoutes } from './dev/routes';
import { exportRoutes } from './exports/routes';
import { fileRoutes } from './files/routes';
import { adminImageRoutes } from './images/admin-routes';
import { imageRoutes } from './images/routes';
import { adminJobRoutes } from './jobs/admin-routes';
import { libraryRoutes } from './library/routes';
import { limitBodies } from './http/body-limit';
import { ApiError, badRequest, notFound } from './http/errors';
import { listRoutes } from './lists/routes';
import { manuscriptImportRoutes } from './manuscripts/import/routes';
import { manuscriptBookRoutes } from './manuscripts/book-routes';
import { paperbackRoutes } from './paperback/routes';
import { newDigest } from './http/ids';
import { NEWSLETTER_UNSUBSCRIBE_PATH } from '../sync/api/newsletter';
import { newsletterRoutes } from './newsletter/routes';
import { adminNoticeRoutes } from './notices/routes';
import { sameOriginOnly } from './http/origin';
import { clientIp, honoRequestFacts, requestIsHttps } from './http/proxy';
import { securityHeaders } from './http/security-headers';
import { probeRoutes, type ProbeDeps } from './probe/routes';
import { publisherRoutes } from './publisher/routes';
import { imprintInvitationRoutes, imprintTeamRoutes, publicStorefrontRoutes } from './imprints/routes';
import { publisherBookRoutes } from './publisher-books/routes';
import { uploadRoutes } from './uploads/routes';
import { paymentRoutes, STRIPE_WEBHOOK_PATH } from './payments/routes';
import { reviewRoutes } from './reviews/routes';
import { sitemap } from './site/store-meta';
import { adminStoreRoutes } from './store/admin/routes';
import { storeRoutes } from './store/routes';
import { adminSupportRoutes } from './support/routes';
import { siteRoutes } from './site/routes';
import { syncRoutes } from './sync/routes';
import { userRoutes } from './users/routes';
import { invitationRoutes } from './manuscripts/members/invitation-routes';
import { myInvitationRoutes } from './manuscripts/members/my-invitation-routes';
import { versionRoutes } from './manuscripts/versions/routes';

export function createApp(ctx: AppContext, probe: ProbeDeps) {
  const app = new Hono<AppEnv>();

  app.use('*', securityHeaders(ctx.config.publicUrl)); // first, so error answers carry them too
  app.use('*', async (c, next) => {
    const facts = honoRequestFacts(c);
    c.set('ip', clientIp(facts, ctx.config.trustProxy));
    c.set('https', requestIsHttps(facts, ctx.config.trustProxy));
    await next();
  });
  const sameOrigin = sameOriginOnly(ctx.config.publicUrl);
  // Stripe's servers call the webhook; its signature stands in for the origin (server/payments).
  // A mail client POSTs the RFC 8058 one-click unsubscribe; its token is the credential (server/newsletter).
  const crossOrigin = (c: { req: { path: string; method: string } }) =>
    c.req.path === STRIPE_WEBHOOK_PATH || (c.req.method === 'POST' && c.req.path === NEWSLETTER_UNSUBSCRIBE_PATH);
  app.use('/api/*', (c, next) => (crossOrigin(c) ? next() : sameOrigin(c, next)));
  app.use('*', limitBodies()); // before the session: strangers are capped too
  // No name or id holds a NUL character, and PostgreSQL cannot store or compare one: a path or
  // query that spells one is refused here, before any lookup. (Texts in bodies are each field's
  // business: a message's body, for one, drops control characters.)
  app.use('/api/*', async (c, next) => {
    if (/%00/i.test(c.req.url)) throw badRequest('The address contains a NUL character.');
    await next();
  });
  // JSON only: the sync stream (text/event-stream) must leave event by event, and blobs keep the
  // strong ETags their 304s match. Not the sync routes either: streaming their answers through
  // compress() made the randomised convergence test (devices aborting requests as they drop
  // offline) stall under load, a cause not understood. A pull, the one large sync answer,
  // compresses itself whole instead (http/compressed-json.ts).
  const compressJson = compress({ contentTypeFilter: /^application\/json\b/ });
  app.use('/api/*', (c, next) => (c.req.path.startsWith('/api/sync/') ? next() : compressJson(c, next)));
  app.use('/api/*', sessionMiddleware(ctx));
  app.use('/api/*', async (c, next) => {
    await next();
    // On the response's own headers: c.header() after the handler rebuilds the whole response.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  const routes = app
    .route('/api/auth', authRoutes(ctx))
    .route('/api/authors', authorRoutes(ctx))
    .route('/api/account', accountRoutes(ctx))
    .route('/api/admin', adminRoutes(ctx))
    .route('/api/admin/store', adminStoreRoutes(ctx))
    .route('/api/admin/publishing', adminPublishingRoutes(ctx))
    .route('/api/admin/blog', adminBlogRoutes(ctx))
    .route('/api/admin/notices', adminNoticeRoutes(ctx))
    .route('/api/admin/support', adminSupportRoutes(ctx))
    .route('/api/admin', adminJobRoutes(ctx))
    .route('/api/admin', adminImageRoutes(ctx))
    .route('/api/admin', adminAskRoutes(ctx))
    .route('/api/ask', askFeedbackRoutes(ctx))
    .route('/api/admin/analytics', analyticsRoutes(ctx))
    .route('/api/billing', billingRoutes(ctx))
    .route('/api/blog', blogRoutes(ctx))
    .route('/api/books', bookRoutes(ctx))
    .route('/api/books', askRoutes(ctx))
    .route('/api/chapters', versionRoutes(ctx))
    .route('/api/covers', coverRoutes(ctx))
    .route('/api/debug-reports', debugRoutes(ctx))
    .route('/api/dev', devRoutes(ctx))
    .route('/api/exports', exportRoutes(ctx))
    .route('/api/files', fileRoutes(ctx))
    .route('/api/images', imageRoutes(ctx))
    .route('/api/library', libraryRoutes(ctx))
    .route('/api/lists', listRoutes(ctx))
    .route('/api/publishing', publishingRoutes(ctx))
    .route('/api/publishing', manuscriptCoverRoutes(ctx))
    .route('/api/newsletter', newsletterRoutes(ctx))
    .route('/api/manuscripts', manuscriptImportRoutes(ctx))
    .route('/api/manuscripts', invitationRoutes(ctx))
    .route('/api/invitations', myInvitationRoutes(ctx))
    .route('/api/manuscripts', manuscriptBookRoutes(ctx))
    .route('/api/manuscripts', paperbackRoutes(ctx))
    .route('/api/publisher', publisherRoutes(ctx))
    .route('/api/publisher', uploadRoutes(ctx))
    .route('/api/publisher', imprintTeamRoutes(ctx))
    .route('/api/imprint-invitations', imprintInvitationRoutes(ctx))
    .route('/api/publisher', publisherBookRoutes(ctx))
    .route('/api/site', siteRoutes(ctx))
    .route('/api/store', storeRoutes(ctx))
    .route('/api/store', publicStorefrontRoutes(ctx))
    .route('/api/sync', syncRoutes(ctx))
    .route('/api/users', userRoutes(ctx))
    .route('/api', reviewRoutes(ctx))
    .route('/api', paymentRoutes(ctx))
    .route('/__probe', probeRoutes(ctx, probe));
  app.route('/', blogPageRoutes(ctx)); // the feeds and old slugs' redirects, before the client's pages
  app.get('/sitemap.xml', async (c) => c.body(await sitemap(ctx, ctx.config.publicUrl), 200, { 'content-type': 'application/xml; charset=utf-8' }));

  app.all('/api/*', () => {
    throw notFound('No such API route.');
  });

  app.onError(async (err, c) => {
    if (err instanceof ApiError) {
      if (err.retryAfter !== undefined) c.header('Retry-After', String(err.retryAfter));
      return c.json(err.toBody(), err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      const status = err.status as ContentfulStatusCode;
      const code = status === 413 ? 'payload_too_large' : status === 401 ? 'unauthenticated' : 'bad_request';
      return c.json({ error: { code, message: err.message || 'Bad request.' } } satisfies ApiErrorBody, status);
    }
    const digest = newDigest();
    console.error(`[digest ${digest}] ${c.req.method} ${c.req.path}`, err);
    try {
      await recordFailure(ctx.db, ctx.now(), {
        source: 'server',
        digest,
        message: err instanceof Error ? err.message : String(err),
        stack: err instanceof Error ? err.stack : undefined,
        route: `${c.req.method} ${c.req.routePath ?? c.req.path}`,
        status: 500,
        userAgent: c.req.header('user-agent'),
      });
    } catch (recordError) {
      console.error(`[digest ${digest}] could not record the failure`, recordError);
    }
    const body: ApiErrorBody = { error: { code: 'internal', message: 'Something went wrong on our side.', digest } };
    return c.json(body, 500);
  });

  return routes;
}
