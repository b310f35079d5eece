/**
 * The rule of the sign-in backoff (auth/failure-backoff.ts), shared by its two stores: how long
 * `count` failures make a key wait, when they are forgotten, and the 429 while it waits.
 */
import { rateLimited } from '../http/errors';
import { SIGN_IN_BACKOFF } from '../limits';

export interface FailureBackoff {
  /** Refuse with 429 and Retry-After while the key waits. */
  check(key: string): Promise<void>;
  fail(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

/** How many failures are free, and how long a key's failures are remembered after its wait ends. */
export interface BackoffRule {
  free: number;
  windowMs: number;
}

/** The wait after `count` failures (server/redis/failure-backoff.ts computes the same in Lua). */
function backoffWaitMs(count: number, free: number): number {
  const over = count - free;
  return over < 0 ? 0 : Math.min(SIGN_IN_BACKOFF.maxSeconds, SIGN_IN_BACKOFF.baseSeconds * 2 ** over) * 1000;
}

/** Whether failures recorded up to `lastAt` are forgotten by `now`: a window after their wait ended. */
export function forgotten(count: number, lastAt: number, now: number, rule: BackoffRule): boolean {
  return now > lastAt + backoffWaitMs(count, rule.free) + rule.windowMs;
}

/** Throw the 429 while `count` failures up to `lastAt` still make the key wait. */
export function refuseWhileWaiting(count: number, lastAt: number, now: number, rule: BackoffRule): void {
  if (count === 0 || forgotten(count, lastAt, now, rule)) return;
  const until = lastAt + backoffWaitMs(count, rule.free);
  if (until > now) throw rateLimited(Math.ceil((until - now) / 1000));
}
