/**
 * Sign-up. The answer is the same 202 for a new and an already-registered e-mail: the new one
 * gets a verification mail, the old one a "you already have an account" mail. Both paths hash
 * the password first so they also take the same time.
 */
import type { z } from 'zod';
import type { SignUpInput } from '../../sync/api/auth';
import type { SignUpMode } from '../../sync/api/site';
import type { AppContext } from '../context';
import { conflict, forbidden } from '../http/errors';
import { newId } from '../http/ids';
import { getSiteSettings } from '../site/settings';
import { sendAlreadyRegistered, sendVerifyEmail } from './auth-mail';
import { checkCode, consumeCode } from './codes';
import { hashPassword } from './password';
import { assertNotCommon } from './password-rules';
import { findUserByEmail, newUserRow } from './users';

type Input = z.output<typeof SignUpInput>;

const USERNAME_TAKEN = 'That username is taken. Try another.';
const BETA_POINTER = 'Quire is in a private beta: signing up needs an invitation. Request one at /auth/beta-request.';

/** Refuses when the site's sign-up mode doesn't let this request through. */
async function assertSignUpAllowed(ctx: AppContext, invite: string | undefined): Promise<SignUpMode> {
  const { signUpMode } = await getSiteSettings(ctx.db);
  if (signUpMode === 'closed') throw forbidden('Sign-up is closed.');
  if (signUpMode === 'beta') {
    if (!invite) throw forbidden(BETA_POINTER);
    const check = await checkCode(ctx, invite, ['invite']);
    if (!check.ok) {
      const why = check.reason === 'expired' ? 'has expired' : check.reason === 'used' ? 'has already been used' : 'is not valid';
      throw forbidden(`This invitation ${why}. Request a new one at /auth/beta-request.`);
    }
  }
  return signUpMode;
}

export async function signUp(ctx: AppContext, input: Input): Promise<void> {
  const signUpMode = await assertSignUpAllowed(ctx, input.invite);
  await assertNotCommon(input.password, 'password');
  const passwordHash = await hashPassword(input.password);

  const taken = await ctx.db.selectFrom('users').select('id').where('username', '=', input.username).executeTakeFirst();
  if (taken) throw conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });

  // In beta mode the invite is used up either way, so the two answers stay indistinguishable.
  if (signUpMode === 'beta' && input.invite) await consumeCode(ctx, input.invite, ['invite']);

  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing) {
    await sendAlreadyRegistered(ctx, { email: existing.email, userId: existing.id, name: existing.displayName });
    return;
  }
  const id = newId();
  const now = ctx.now();
  const displayName = input.displayName || input.username;
  try {
    await ctx.db
      .insertInto('users')
      .values(newUserRow({ id, email: input.email, username: input.username, displayName, passwordHash, emailVerifiedAt: null }, now))
      .execute();
  } catch (error) {
    // Lost a race with a concurrent sign-up: answer as if we had seen the row first.
    const message = String((error as Error).message);
    if (message.includes('users.username')) throw conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
    if (message.includes('users.email')) {
      await sendAlreadyRegistered(ctx, { email: input.email });
      return;
    }
    throw error;
  }
  await sendVerifyEmail(ctx, { email: input.email, userId: id, name: displayName });
}
