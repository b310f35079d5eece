/**
 * "E-mail me a sign-in link" and "Forgot password": the answer never says whether the address
 * has an account. Mail goes only to existing, non-suspended accounts.
 */
import type { AppContext } from '../context';
import { sendPasswordReset, sendSignInLink } from './auth-mail';
import { findUserByEmail } from './users';

export async function requestSignInLink(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.status === 'suspended') return;
  await sendSignInLink(ctx, { email: user.email, userId: user.id, name: user.displayName });
}

export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.status === 'suspended') return;
  await sendPasswordReset(ctx, { email: user.email, userId: user.id, name: user.displayName });
}
