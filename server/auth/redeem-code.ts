/**
 * Every e-mailed link lands on /auth/callback, which posts its code here. The code's purpose
 * decides what happens and where the client goes next. Invites are only checked (sign-up uses
 * them up); the others are used up now, so a second click fails with `used`.
 */
import type { Context } from 'hono';
import type { CallbackResponse } from '../../sync/api/auth';
import type { AppContext, AppEnv } from '../context';
import { forbidden } from '../http/errors';
import { CodeError } from './code-error';
import { checkCode, consumeCode, issueCode, type CodeRecord } from './codes';
import { announceToVerified } from '../manuscripts/members/invitations';
import { SUSPENDED } from './sign-in';
import { startSession } from './start-session';
import { findUserByEmail, findUserById, markEmailVerified } from './users';

async function accountOf(ctx: AppContext, record: CodeRecord) {
  const user = record.userId ? await findUserById(ctx.db, record.userId) : await findUserByEmail(ctx.db, record.email);
  // The account was erased after the mail went out: the link is no longer good for anything.
  if (!user) throw new CodeError('invalid');
  return user;
}

async function consume(ctx: AppContext, code: string, purpose: CodeRecord['purpose']): Promise<CodeRecord> {
  const result = await consumeCode(ctx, code, [purpose]);
  if (!result.ok) throw new CodeError(result.reason);
  return result.record;
}

export async function redeemCode(ctx: AppContext, c: Context<AppEnv>, code: string): Promise<CallbackResponse> {
  const check = await checkCode(ctx, code, ['verify', 'signin', 'reset', 'invite']);
  if (!check.ok) throw new CodeError(check.reason);
  const now = ctx.now();
  switch (check.record.purpose) {
    case 'verify': {
      const record = await consume(ctx, code, 'verify');
      const user = await accountOf(ctx, record);
      await markEmailVerified(ctx.db, user.id, now);
      // Co-author invitations sent to this address wait for the owner of the address to accept.
      await announceToVerified(ctx, user.email);
      return { purpose: 'verify', next: '/auth?verified=1' };
    }
    case 'signin': {
      const user = await accountOf(ctx, check.record);
      if (user.status === 'suspended') throw forbidden(SUSPENDED);
      await consume(ctx, code, 'signin');
      // Opening the link proves the address, so it also counts as verification.
      await markEmailVerified(ctx.db, user.id, now);
      await startSession(ctx, c, user.id);
      return { purpose: 'signin', next: '/' };
    }
    case 'reset': {
      const user = await accountOf(ctx, check.record);
      if (user.status === 'suspended') throw forbidden(SUSPENDED);
      await consume(ctx, code, 'reset');
      await markEmailVerified(ctx.db, user.id, now);
      // The e-mailed code is spent; the form gets its own short-lived token so a reload of the
      // form page still works but the e-mail link does not.
      const form = await issueCode(ctx, 'reset-form', user.email, { userId: user.id });
      return { purpose: 'reset', next: `/auth/reset-password?token=${encodeURIComponent(form.code)}` };
    }
    case 'invite': {
      const { email } = check.record;
      return {
        purpose: 'invite',
        next: `/auth?mode=signup&invite=${encodeURIComponent(code)}&email=${encodeURIComponent(email)}`,
      };
    }
    default:
      throw new CodeError('invalid');
  }
}
