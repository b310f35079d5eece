/**
 * Sign-in with e-mail and password. A wrong e-mail and a wrong password get the same 401 and
 * take the same time (an unknown account is verified against a dummy hash), and count as a
 * failure that makes the next attempts wait (limiters.ts). Only after a correct password do we
 * say the account is suspended or unverified.
 */
import type { AppContext } from '../context';
import { ApiError, forbidden } from '../http/errors';
import { sendVerifyEmail } from './auth-mail';
import { tryTake } from '../http/rate-limit';
import type { AuthLimiters, SignInAttempt } from './limiters';
import { dummyHash, verifyPassword } from './password';
import { findUserByEmail, type AccountRow } from './users';

const WRONG_CREDENTIALS = 'Email or password is incorrect.';
export const SUSPENDED = 'This account is suspended.';
const UNVERIFIED = "Confirm your e-mail address first. We've sent a confirmation link to your inbox; open it, then sign in.";

/** The account whose password matched, or an error ready for the client. */
export async function checkCredentials(ctx: AppContext, limiters: AuthLimiters, attempt: SignInAttempt, password: string): Promise<AccountRow> {
  await limiters.signIn.check(attempt);
  const user = await findUserByEmail(ctx.db, attempt.email);
  const hash = user?.passwordHash ?? (await dummyHash());
  const matches = await verifyPassword(hash, password);
  if (!user || !user.passwordHash || !matches) {
    await limiters.signIn.failed(attempt);
    throw new ApiError(401, 'unauthenticated', WRONG_CREDENTIALS);
  }
  await limiters.signIn.succeeded(attempt);
  if (user.status === 'suspended') throw forbidden(SUSPENDED);
  if (user.emailVerifiedAt === null) {
    // Re-send, within the per-account mail budget; past it the earlier mail is still valid.
    if (await tryTake(limiters.mailAccount, user.email)) {
      await sendVerifyEmail(ctx, { email: user.email, userId: user.id, name: user.displayName });
    }
    throw forbidden(UNVERIFIED);
  }
  return user;
}
