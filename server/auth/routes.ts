/**
 * /api/auth: sign-up, sign-in and out, e-mailed links, passwords, devices, beta requests.
 * Handlers only parse, rate-limit, call the command and present; the rules live beside them.
 */
import { Hono } from 'hono';
import {
  BetaRequestInput,
  CallbackInput,
  ChangePasswordInput,
  EmailOnlyInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
  type CheckEmailResponse,
  type OkResponse,
  type SessionsResponse,
  type SignInResponse,
} from '../../sync/api/auth';
import type { MeResponse } from '../../sync/api/session';
import type { AppContext, AppEnv } from '../context';
import { requireUser } from '../http/guard';
import { readJson } from '../http/validate';
import { fileBetaRequest } from './beta-request';
import { isKnownDevice } from './known-device';
import { endDevice, listDevices } from './devices';
import { take } from '../http/rate-limit';
import { buildAuthLimiters, ipBucket } from './limiters';
import { requestMailLink } from './mail-links';
import { changePassword, resetPassword } from './passwords';
import { toMe } from './present';
import { redeemCode } from './redeem-code';
import { clearSessionCookie, invalidateSession, invalidateUserSessions } from './sessions';
import { checkCredentials } from './sign-in';
import { signUp } from './sign-up';
import { startSession } from './start-session';

const CHECK_EMAIL: CheckEmailResponse = { status: 'check-email' };
const OK: OkResponse = { ok: true };

export function authRoutes(ctx: AppContext) {
  const limiters = buildAuthLimiters(ctx);

  return new Hono<AppEnv>()
    .get('/me', (c) => {
      const user = c.get('user');
      return c.json({ user: user ? toMe(user) : null } satisfies MeResponse);
    })

    .post('/sign-up', async (c) => {
      await take(limiters.signUpIp, ipBucket(c.get('ip')));
      const input = await readJson(c, SignUpInput);
      await take(limiters.mailAccount, input.email);
      await signUp(ctx, input);
      return c.json(CHECK_EMAIL, 202);
    })

    .post('/sign-in', async (c) => {
      const input = await readJson(c, SignInInput);
      const attempt = { ip: c.get('ip'), email: input.email, knownDevice: await isKnownDevice(ctx, c, input.email) };
      const account = await checkCredentials(ctx, limiters, attempt, input.password);
      const user = await startSession(ctx, c, account.id);
      return c.json({ user } satisfies SignInResponse);
    })

    .post('/sign-out', async (c) => {
      const sessionId = c.get('sessionId');
      if (sessionId) await invalidateSession(ctx, sessionId);
      clearSessionCookie(c);
      return c.json(OK);
    })

    .get('/sessions', async (c) => {
      const user = requireUser(c);
      return c.json({ sessions: await listDevices(ctx, user.id, c.get('sessionId')) } satisfies SessionsResponse);
    })

    .post('/sessions/sign-out-others', async (c) => {
      const user = requireUser(c);
      await invalidateUserSessions(ctx, user.id, c.get('sessionId') ?? undefined);
      return c.json(OK);
    })

    .delete('/sessions/:id', async (c) => {
      const user = requireUser(c);
      const id = c.req.param('id');
      await endDevice(ctx, user.id, id);
      if (id === c.get('sessionId')) clearSessionCookie(c);
      return c.json(OK);
    })

    .post('/password', async (c) => {
      const user = requireUser(c);
      const input = await readJson(c, ChangePasswordInput);
      await changePassword(ctx, limiters, user, c.get('sessionId'), input);
      return c.json(OK);
    })

    .post('/sign-in-link', async (c) => {
      await take(limiters.mailIp, ipBucket(c.get('ip')));
      const { email } = await readJson(c, EmailOnlyInput);
      await take(limiters.mailAccount, email);
      await requestMailLink(ctx, 'signin', email);
      return c.json(CHECK_EMAIL, 202);
    })

    .post('/password-reset', async (c) => {
      await take(limiters.mailIp, ipBucket(c.get('ip')));
      const { email } = await readJson(c, EmailOnlyInput);
      await take(limiters.mailAccount, email);
      await requestMailLink(ctx, 'reset', email);
      return c.json(CHECK_EMAIL, 202);
    })

    .post('/callback', async (c) => {
      const { code } = await readJson(c, CallbackInput);
      return c.json(await redeemCode(ctx, c, code));
    })

    .post('/reset-password', async (c) => {
      const input = await readJson(c, ResetPasswordInput);
      await resetPassword(ctx, input);
      // This browser's session (if any) ended with all the others.
      clearSessionCookie(c);
      return c.json(OK);
    })

    .post('/beta-request', async (c) => {
      await take(limiters.betaIp, ipBucket(c.get('ip')));
      const input = await readJson(c, BetaRequestInput);
      await fileBetaRequest(ctx, input);
      return c.json({ status: 'received' as const }, 202);
    });
}
