/**
 * Rate limits of the auth API, per IP and per account (the lowercased e-mail). Every IP key is an
 * ipBucket: one person on IPv6 usually holds a whole /64, so it counts as one address.
 */
import { isIPv6 } from 'node:net';
import type { AppContext } from '../context';
import { buildLimiter } from '../http/rate-limit';
import { RATE_LIMITS } from '../limits';
import { buildFailureBackoff } from './failure-backoff';

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
 * per-account wait spares known devices: guesses from elsewhere cannot lock the owner out. The
 * counts live where the rate limits' do: in Redis when several instances share one.
 */
function buildSignInGuard(ctx: AppContext) {
  const perIp = buildFailureBackoff(ctx, 'signin-ip', RATE_LIMITS.signInPerIp);
  const perIpAccount = buildFailureBackoff(ctx, 'signin-ip-account', RATE_LIMITS.signInPerIpAccount);
  const perAccount = buildFailureBackoff(ctx, 'signin-account', RATE_LIMITS.signInPerAccount);
  const ipAccount = (a: SignInAttempt) => `${ipBucket(a.ip)} ${a.email}`;
  return {
    async check(a: SignInAttempt): Promise<void> {
      await perIp.check(ipBucket(a.ip));
      await perIpAccount.check(ipAccount(a));
      if (!a.knownDevice) await perAccount.check(a.email);
    },
    async failed(a: SignInAttempt): Promise<void> {
      await Promise.all([perIp.fail(ipBucket(a.ip)), perIpAccount.fail(ipAccount(a)), perAccount.fail(a.email)]);
    },
    /**
     * The right password clears this IP's count for the account. The IP's own count stays (it may
     * be guessing others), and so does the account's when the owner came from a known device:
     * the guessers elsewhere keep waiting.
     */
    async succeeded(a: SignInAttempt): Promise<void> {
      await perIpAccount.clear(ipAccount(a));
      if (!a.knownDevice) await perAccount.clear(a.email);
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
