/**
 * Setting a password: the change form (signed in, knows the current one; other devices are
 * signed out) and the reset form (holds a reset-form token; every session ends).
 */
import type { AppContext } from '../context';
import { invalid } from '../http/errors';
import { CodeError } from './code-error';
import { checkCode, consumeCode } from './codes';
import { take } from '../http/rate-limit';
import type { AuthLimiters } from './limiters';
import { hashPassword, verifyPassword } from './password';
import { assertNotCommon } from './password-rules';
import { invalidateUserSessions, type SessionUser } from './sessions';

async function setPassword(ctx: AppContext, userId: string, password: string) {
  const now = ctx.now();
  await ctx.db
    .updateTable('users')
    .set({ passwordHash: await hashPassword(password), updatedAt: now })
    .where('id', '=', userId)
    .execute();
}

const WRONG_CURRENT = "That isn't your current password.";

export async function changePassword(
  ctx: AppContext,
  limiters: AuthLimiters,
  user: SessionUser,
  sessionId: string | null,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  // The current-password check is a password guess too, from a signed-in session: its own budget.
  await take(limiters.passwordChecks, user.id);
  const row = await ctx.db.selectFrom('users').select('passwordHash').where('id', '=', user.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw invalid(WRONG_CURRENT, { currentPassword: WRONG_CURRENT });
  }
  await assertNotCommon(input.newPassword, 'newPassword');
  await setPassword(ctx, user.id, input.newPassword);
  await invalidateUserSessions(ctx, user.id, sessionId ?? undefined);
}

export async function resetPassword(ctx: AppContext, input: { token: string; password: string }): Promise<void> {
  // Check the password before spending the token, so a refused password can be retried.
  const check = await checkCode(ctx, input.token, ['reset-form']);
  if (!check.ok) throw new CodeError(check.reason);
  await assertNotCommon(input.password, 'password');
  const used = await consumeCode(ctx, input.token, ['reset-form']);
  if (!used.ok) throw new CodeError(used.reason);
  const userId = used.record.userId;
  if (!userId) throw new CodeError('invalid');
  await setPassword(ctx, userId, input.password);
  await invalidateUserSessions(ctx, userId);
}
