/**
 * Start a session after a successful sign-in (password or e-mailed link). The request's old
 * session, if any, ends: the token rotates at every sign-in so a planted cookie is worthless.
 * The browser becomes a known device of the account (known-device.ts).
 */
import type { Context } from 'hono';
import type { Me } from '../../sync/api/session';
import type { AppContext, AppEnv } from '../context';
import { rememberDevice } from './known-device';
import { loadMe } from './present';
import { createSession, invalidateSession, setSessionCookie } from './sessions';

export async function startSession(ctx: AppContext, c: Context<AppEnv>, userId: string): Promise<Me> {
  const previous = c.get('sessionId');
  if (previous) await invalidateSession(ctx, previous);
  const { token, expiresAt } = await createSession(ctx, userId, {
    userAgent: c.req.header('user-agent') ?? '',
    ip: c.get('ip'),
  });
  setSessionCookie(c, token, expiresAt);
  const me = await loadMe(ctx.db, userId);
  await rememberDevice(ctx, c, me.email);
  return me;
}
