/**
 * The behaviour every FailureBackoff store must show, run against the memory store
 * (failure-backoff.test.ts) and the Redis one (server/redis/failure-backoff.test.ts) alike.
 * `make` gives a fresh store (fresh keys) on the clock it is handed.
 */
import { expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { SIGN_IN_BACKOFF } from '../limits';
import type { BackoffRule, FailureBackoff } from './backoff-rule';

const RULE: BackoffRule = { free: 3, windowMs: 15 * 60_000 };
const BASE = SIGN_IN_BACKOFF.baseSeconds;

/** The seconds check() asks to wait (its 429's Retry-After), or 0 when it lets the key through. */
async function waitOf(backoff: FailureBackoff, key: string): Promise<number> {
  try {
    await backoff.check(key);
    return 0;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.status).toBe(429);
    expect(error.code).toBe('rate_limited');
    return error.retryAfter!;
  }
}

export function failureBackoffBehaviour(make: (now: () => number, rule: BackoffRule) => FailureBackoff | Promise<FailureBackoff>) {
  let time = 1_800_000_000_000;
  const now = () => time;

  it('lets the free failures through, then makes each wait twice as long as the one before', async () => {
    const backoff = await make(now, RULE);
    for (let i = 0; i < RULE.free - 1; i++) {
      await backoff.fail('k');
      expect(await waitOf(backoff, 'k')).toBe(0);
    }
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      await backoff.fail('k');
      const wait = await waitOf(backoff, 'k');
      waits.push(wait);
      time += wait * 1000 - 1;
      expect(await waitOf(backoff, 'k')).toBe(1); // a millisecond left: still refused
      time += 1;
      expect(await waitOf(backoff, 'k')).toBe(0);
    }
    expect(waits).toEqual([BASE, BASE * 2, BASE * 4, BASE * 8]);
  });

  it('never waits longer than the cap', async () => {
    const backoff = await make(now, { free: 1, windowMs: RULE.windowMs });
    for (let i = 0; i < 20; i++) await backoff.fail('capped');
    expect(await waitOf(backoff, 'capped')).toBe(SIGN_IN_BACKOFF.maxSeconds);
  });

  it('counts each key on its own', async () => {
    const backoff = await make(now, RULE);
    for (let i = 0; i < RULE.free; i++) await backoff.fail('guessed');
    expect(await waitOf(backoff, 'guessed')).toBe(BASE);
    expect(await waitOf(backoff, 'other')).toBe(0);
  });

  it('forgets the failures a window after the wait ended, and counts afresh', async () => {
    const backoff = await make(now, RULE);
    for (let i = 0; i < RULE.free + 1; i++) await backoff.fail('old');
    time += BASE * 2 * 1000 + RULE.windowMs;
    // Still remembered at the window's last millisecond: one more failure waits longer.
    await backoff.fail('old');
    expect(await waitOf(backoff, 'old')).toBe(BASE * 4);
    time += BASE * 4 * 1000 + RULE.windowMs + 1;
    expect(await waitOf(backoff, 'old')).toBe(0);
    // Forgotten: the next failure is free again.
    await backoff.fail('old');
    expect(await waitOf(backoff, 'old')).toBe(0);
  });

  it('forgets a key that is cleared', async () => {
    const backoff = await make(now, RULE);
    for (let i = 0; i < RULE.free + 2; i++) await backoff.fail('cleared');
    expect(await waitOf(backoff, 'cleared')).toBe(BASE * 4);
    await backoff.clear('cleared');
    expect(await waitOf(backoff, 'cleared')).toBe(0);
    await backoff.fail('cleared');
    expect(await waitOf(backoff, 'cleared')).toBe(0);
  });
}
