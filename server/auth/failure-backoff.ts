/**
 * Failed sign-ins counted per key with the app's clock (so tests can move time). The first `free`
 * failures cost nothing; after that the key waits SIGN_IN_BACKOFF.baseSeconds, and twice as long
 * after each further failure, so a guesser slows to a crawl while one typo costs nothing. Plain
 * counters stay with rate-limiter-flexible (http/rate-limit.ts); it has no growing wait.
 */
import { rateLimited } from '../http/errors';
import { SIGN_IN_BACKOFF } from '../limits';

interface Failures {
  count: number;
  lastAt: number;
}

export class FailureBackoff {
  private readonly entries = new Map<string, Failures>();

  constructor(
    private readonly now: () => number,
    private readonly free: number,
    private readonly windowMs: number,
  ) {}

  private waitMs(count: number): number {
    const over = count - this.free;
    return over < 0 ? 0 : Math.min(SIGN_IN_BACKOFF.maxSeconds, SIGN_IN_BACKOFF.baseSeconds * 2 ** over) * 1000;
  }

  /** The key's failures, forgotten a window after the last one (and its wait) ended. */
  private live(key: string): Failures | undefined {
    const entry = this.entries.get(key);
    if (entry && this.now() > entry.lastAt + this.waitMs(entry.count) + this.windowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Refuse with 429 and Retry-After while the key waits. */
  check(key: string): void {
    const entry = this.live(key);
    const until = entry ? entry.lastAt + this.waitMs(entry.count) : 0;
    if (until > this.now()) throw rateLimited(Math.ceil((until - this.now()) / 1000));
  }

  fail(key: string): void {
    const entry = this.live(key) ?? { count: 0, lastAt: 0 };
    entry.count += 1;
    entry.lastAt = this.now();
    // Re-inserted so the map's order is least recently failed first: that one goes when full.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > SIGN_IN_BACKOFF.maxKeys) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(key: string): void {
    this.entries.delete(key);
  }
}
