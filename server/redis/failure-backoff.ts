/**
 * The sign-in backoff in Redis (issue 15), so guesses spread over several instances wait as if
 * they had all reached one. A key's failures are one hash, `{count, lastAt}`: a failure is one Lua
 * script (read, forget if past, count, stamp, expire — atomic, so two instances failing at once
 * both count), a check is one HMGET, a success one DEL. Times are the app's clock (ctx.now, as in
 * the memory store, so tests can move it); the key's expiry (the wait plus the window) only tidies
 * Redis, the rule itself decides what is forgotten. While Redis is unreachable each instance counts
 * on its own (the memory store), as the rate limits' insurance limiter does, rather than failing
 * or waiting for the reconnect.
 */
import { refuseWhileWaiting, type BackoffRule, type FailureBackoff } from '../auth/backoff-rule';
import { SIGN_IN_BACKOFF } from '../limits';
import type { RedisConnection } from './connection';

/** KEYS[1]: the key's hash. ARGV: now, free, windowMs, baseMs, maxMs — the rule of backoff-rule.ts. */
const FAIL = `
local now = tonumber(ARGV[1])
local free = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local base = tonumber(ARGV[4])
local max = tonumber(ARGV[5])
local function wait(count)
  local over = count - free
  if over < 0 then return 0 end
  return math.min(max, base * 2 ^ over)
end
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
local lastAt = tonumber(redis.call('HGET', KEYS[1], 'lastAt') or '0')
if count > 0 and now > lastAt + wait(count) + window then count = 0 end
count = count + 1
redis.call('HSET', KEYS[1], 'count', count, 'lastAt', ARGV[1])
redis.call('PEXPIRE', KEYS[1], math.floor(wait(count) + window))
return count
`;

export class RedisFailureBackoff implements FailureBackoff {
  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
    private readonly now: () => number,
    private readonly rule: BackoffRule,
    private readonly whileDown: FailureBackoff,
  ) {}

  /** Run `inRedis`, or the memory store's `fallback` while Redis is down or the command fails. */
  private async either<T>(inRedis: () => Promise<T>, fallback: () => Promise<void>, then: (value: T) => void = () => {}): Promise<void> {
    if (!this.redis.commands.isReady) return fallback();
    let value: T;
    try {
      value = await inRedis();
    } catch (error) {
      console.error('redis sign-in backoff:', error instanceof Error ? error.message : error);
      return fallback();
    }
    then(value);
  }

  check(key: string): Promise<void> {
    return this.either(
      () => this.redis.commands.hmGet(this.prefix + key, ['count', 'lastAt']),
      () => this.whileDown.check(key),
      ([count, lastAt]) => refuseWhileWaiting(Number(count ?? 0), Number(lastAt ?? 0), this.now(), this.rule),
    );
  }

  fail(key: string): Promise<void> {
    const args = [this.now(), this.rule.free, this.rule.windowMs, SIGN_IN_BACKOFF.baseSeconds * 1000, SIGN_IN_BACKOFF.maxSeconds * 1000];
    return this.either(
      () => this.redis.commands.eval(FAIL, { keys: [this.prefix + key], arguments: args.map(String) }),
      () => this.whileDown.fail(key),
    );
  }

  clear(key: string): Promise<void> {
    return this.either(
      () => this.redis.commands.del(this.prefix + key),
      () => this.whileDown.clear(key),
    );
  }
}
