/**
 * Failed sign-ins counted per key with the app's clock (so tests can move time). The first `free`
 * failures cost nothing; after that the key waits SIGN_IN_BACKOFF.baseSeconds, and twice as long
 * after each further failure, so a guesser slows to a crawl while one typo costs nothing. Plain
 * counters stay with rate-limiter-flexible (http/rate-limit.ts); it has no growing wait.
 *
 * Two stores behind one interface (backoff-rule.ts), picked the way http/rate-limit.ts picks its
 * store: in memory for one instance, in Redis (server/redis/failure-backoff.ts) when ctx.redis is
 * set, so guesses spread over several instances count as one (issue 15, docs/decisions/063-shared-state-across-instances.md).
 */
import type { AppContext } from '../context';
import type { Limit } from '../http/rate-limit';
import { SIGN_IN_BACKOFF } from '../limits';
import { RedisFailureBackoff } from '../redis/failure-backoff';
import { forgotten, refuseWhileWaiting, type BackoffRule, type FailureBackoff } from './backoff-rule';

interface Failures {
  count: number;
  lastAt: number;
}

/** One instance's failures, in a map capped at SIGN_IN_BACKOFF.maxKeys (least recently failed go first). */
export class MemoryFailureBackoff implements FailureBackoff {
  private readonly entries = new Map<string, Failures>();

  constructor(
    private readonly now: () => number,
    private readonly rule: BackoffRule,
  ) {}

  /** The key's failures, forgotten a window after the last one (and its wait) ended. */
  private live(key: string): Failures | undefined {
    const entry = this.entries.get(key);
    if (entry && forgotten(entry.count, entry.lastAt, this.now(), this.rule)) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async check(key: string): Promise<void> {
    const entry = this.live(key);
    if (entry) refuseWhileWaiting(entry.count, entry.lastAt, this.now(), this.rule);
  }

  async fail(key: string): Promise<void> {
    const entry = this.live(key) ?? { count: 0, lastAt: 0 };
    entry.count += 1;
    entry.lastAt = this.now();
    // Re-inserted so the map's order is least recently failed first: that one goes when full.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > SIGN_IN_BACKOFF.maxKeys) this.entries.delete(this.entries.keys().next().value!);
  }

  async clear(key: string): Promise<void> {
    this.entries.delete(key);
  }
}

/**
 * Built per router factory call, like buildLimiter: `limit.points` (scaled by
 * Config.rateLimitScale) failures are free per window. The store follows ctx.redis, chosen once by
 * the composition root; the memory one also stands in while Redis is unreachable.
 */
export function buildFailureBackoff(ctx: AppContext, prefix: string, limit: Limit): FailureBackoff {
  const rule = { free: Math.max(1, Math.round(limit.points * ctx.config.rateLimitScale)), windowMs: limit.windowSeconds * 1000 };
  const memory = new MemoryFailureBackoff(ctx.now, rule);
  return ctx.redis ? new RedisFailureBackoff(ctx.redis, `quire:backoff:${prefix}:`, ctx.now, rule, memory) : memory;
}
