/**
 * Rate limits of the auth API, per IP and per account (the lowercased e-mail). Every IP key is an
 * ipBucket: one person on IPv6 usually holds a whole /64, so it counts as one address.
 */
import { isIPv6 } from 'node:net';
import type { AppContext } from '../context';
import { buildLimiter, type Limit } from '../http/rate-limit';
import { RATE_LIMITS } from '../limits';
import { FailureBackoff } from './failure-backoff';

/** IPv4 as it is (an IPv4-mapped IPv6 address as its IPv4); IPv6 as its /64 prefix. */
export function ipBucket(ip: string): string {
  const address = ip.split('%')[0]!.toLowerCase(); // drop a zone index (fe80::1%eth0)
  if (!isIPv6(address)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  // A dotted IPv4 tail fills the last two groups; it is in the low 64 bits either way.
  const groupsOf = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const [head = '', tail] = address.split('::');
  const left = groupsOf(head);
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - groupsOf(tail).length).fill('0')];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export interface SignInAttempt {
  ip: string;
  email: string;
  /** This browser has signed in to the account before (known-device.ts). */
  knownDevice: boolean;
}

/**
 * Failed sign-ins wait longer and longer per IP, per IP + account, and per account. The
 * per-account wait spares known devices: guesses from elsewhere cannot lock the owner out.
 */
function buildSignInGuard(ctx: AppContext) {
  const backoff = (limit: Limit) => new FailureBackoff(ctx.now, Math.max(1, Math.round(limit.points * ctx.config.rateLimitScale)), limit.windowSeconds * 1000);
  const perIp = backoff(RATE_LIMITS.signInPerIp);
  const perIpAccount = backoff(RATE_LIMITS.signInPerIpAccount);
  const perAccount = backoff(RATE_LIMITS.signInPerAccount);
  const ipAccount = (a: SignInAttempt) => `${ipBucket(a.ip)} ${a.email}`;
  return {
    check(a: SignInAttempt): void {
      perIp.check(ipBucket(a.ip));
      perIpAccount.check(ipAccount(a));
      if (!a.knownDevice) perAccount.check(a.email);
    },
    failed(a: SignInAttempt): void {
      perIp.fail(ipBucket(a.ip));
      perIpAccount.fail(ipAccount(a));
      perAccount.fail(a.email);
    },
    /**
     * The right password clears this IP's count for the account. The IP's own count stays (it may
     * be guessing others), and so does the account's when the owner came from a known device:
     * the guessers elsewhere keep waiting.
     */
    succeeded(a: SignInAttempt): void {
      perIpAccount.clear(ipAccount(a));
      if (!a.knownDevice) perAccount.clear(a.email);
    },
  };
}

export function buildAuthLimiters(ctx: AppContext) {
  return {
    signIn: buildSignInGuard(ctx),
    passwordChecks: buildLimiter(ctx, 'password-check', RATE_LIMITS.passwordChecksPerAccount),
    signUpIp: buildLimiter(ctx, 'signup-ip', RATE_LIMITS.signUpPerIp),
    // Beta requests write a row per call, so they share the sign-up budget's shape.
    betaIp: buildLimiter(ctx, 'beta-ip', RATE_LIMITS.signUpPerIp),
    mailIp: buildLimiter(ctx, 'mail-ip', RATE_LIMITS.mailPerIp),
    mailAccount: buildLimiter(ctx, 'mail-account', RATE_LIMITS.mailPerAccount),
  };
}
export type AuthLimiters = ReturnType<typeof buildAuthLimiters>;
