/** Rate limits of the auth API, per IP and per account (the lowercased e-mail). */
import type { AppContext } from '../context';
import { buildLimiter } from '../http/rate-limit';
import { RATE_LIMITS } from '../limits';

export function buildAuthLimiters(ctx: AppContext) {
  return {
    signInIp: buildLimiter(ctx, 'signin-ip', RATE_LIMITS.signInPerIp),
    signInAccount: buildLimiter(ctx, 'signin-account', RATE_LIMITS.signInPerAccount),
    signUpIp: buildLimiter(ctx, 'signup-ip', RATE_LIMITS.signUpPerIp),
    // Beta requests write a row per call, so they share the sign-up budget's shape.
    betaIp: buildLimiter(ctx, 'beta-ip', RATE_LIMITS.signUpPerIp),
    mailIp: buildLimiter(ctx, 'mail-ip', RATE_LIMITS.mailPerIp),
    mailAccount: buildLimiter(ctx, 'mail-account', RATE_LIMITS.mailPerAccount),
  };
}
export type AuthLimiters = ReturnType<typeof buildAuthLimiters>;
