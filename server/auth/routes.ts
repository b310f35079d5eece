/**
 * /api/auth: sign-up, sign-in and out, e-mailed links, passwords, devices, beta requests.
 * Handlers only parse, rate-limit, call the command and present; the rules live beside them.
 * Cookies are set or cleared on `c` before the JSON answer goes out.
 */
import { Hono, type Context } from 'hono';
import * as api from '../../sync/api/auth';
import { getMe, signOut } from '../../sync/api/session';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { requireUser } from '../http/guard';
import { limitBefore, take } from '../http/rate-limit';
import { fileBetaRequest } from './beta-request';
import { isKnownDevice } from './known-device';
import { endDevice, listDevices } from './devices';
import { buildAuthLimiters, ipBucket } from './limiters';
import { requestMailLink } from './mail-links';
import { changePassword, resetPassword } from './passwords';
import { toMe } from './present';
import { redeemCode } from './redeem-code';
import { clearSessionCookie, invalidateSession, invalidateUserSessions } from './sessions';
import { checkCredentials } from './sign-in';
import { signUp } from './sign-up';
import { startSession } from './start-session';

const CHECK_EMAIL = { status: 'check-email' } as const;
const OK = { ok: true } as const;

const ipOf = (c: Context<AppEnv>) => ipBucket(c.get('ip'));

export function authRoutes(ctx: AppContext) {
  const limiters = buildAuthLimiters(ctx);
  const router = new Hono<AppEnv>();
  const at = '/api/auth';

  // Per-IP limits are taken before the body is read.
  router.post('/sign-up', limitBefore(limiters.signUpIp, ipOf));
  router.post('/sign-in-link', limitBefore(limiters.mailIp, ipOf));
  router.post('/password-reset', limitBefore(limiters.mailIp, ipOf));
  router.post('/beta-request', limitBefore(limiters.betaIp, ipOf));
  // Signed out is 401 whatever the body holds.
  router.post('/password', async (c, next) => {
    requireUser(c);
    await next();
  });

  on(router, at, getMe, (c) => {
    const user = c.get('user');
    return { user: user ? toMe(user) : null };
  });

  on(router, at, api.signUp, async (_c, { body }) => {
    await take(limiters.mailAccount, body.email);
    await signUp(ctx, body);
    return CHECK_EMAIL;
  });

  on(router, at, api.signIn, async (c, { body }) => {
    const attempt = { ip: c.get('ip'), email: body.email, knownDevice: await isKnownDevice(ctx, c, body.email) };
    const account = await checkCredentials(ctx, limiters, attempt, body.password);
    return { user: await startSession(ctx, c, account.id) };
  });

  on(router, at, signOut, async (c) => {
    const sessionId = c.get('sessionId');
    if (sessionId) await invalidateSession(ctx, sessionId);
    clearSessionCookie(c);
    return OK;
  });

  on(router, at, api.listSessions, async (c) => ({ sessions: await listDevices(ctx, requireUser(c).id, c.get('sessionId')) }));

  on(router, at, api.signOutOtherSessions, async (c) => {
    await invalidateUserSessions(ctx, requireUser(c).id, c.get('sessionId') ?? undefined);
    return OK;
  });

  on(router, at, api.endSession, async (c, { params }) => {
    const user = requireUser(c);
    await endDevice(ctx, user.id, params.id);
    if (params.id === c.get('sessionId')) clearSessionCookie(c);
    return OK;
  });

  on(router, at, api.changePassword, async (c, { body }) => {
    const user = requireUser(c);
    await changePassword(ctx, limiters, user, c.get('sessionId'), body);
    return OK;
  });

  on(router, at, api.requestSignInLink, async (_c, { body }) => {
    await take(limiters.mailAccount, body.email);
    await requestMailLink(ctx, 'signin', body.email);
    return CHECK_EMAIL;
  });

  on(router, at, api.requestPasswordReset, async (_c, { body }) => {
    await take(limiters.mailAccount, body.email);
    await requestMailLink(ctx, 'reset', body.email);
    return CHECK_EMAIL;
  });

  on(router, at, api.redeemCode, async (c, { body }) => redeemCode(ctx, c, body.code));

  on(router, at, api.resetPassword, async (c, { body }) => {
    await resetPassword(ctx, body);
    // This browser's session (if any) ended with all the others.
    clearSessionCookie(c);
    return OK;
  });

  on(router, at, api.requestBeta, async (_c, { body }) => {
    await fileBetaRequest(ctx, body);
    return { status: 'received' as const };
  });

  return router;
}
