/**
 * "Sign-in link" and "Forgot password" must not tell, by how long they take, whether an address
 * has an account. Medians of interleaved requests for a known and an unknown address are compared
 * (medians and interleaving keep a busy machine's pauses from deciding the result).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../admin/test-helpers';
import { buildTestContext, type TestContext } from '../test/test-context';
import { mailsTo, post } from './test-helpers';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext({ rateLimitScale: 1000 });
});
afterEach(async () => t.close());

const ROUNDS = 60;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
}

async function timed(path: string, email: string): Promise<number> {
  const start = performance.now();
  const res = await post(t, path, { email });
  const elapsed = performance.now() - start;
  expect(res.status).toBe(202);
  return elapsed;
}

describe.each(['/password-reset', '/sign-in-link'])('%s', (path) => {
  it('takes as long for a known address as for an unknown one', async () => {
    // A fresh address of each kind every round, so both pay the same first-time costs (a rate
    // limit's new bucket, say) and only having an account differs.
    const known = await Promise.all(Array.from({ length: ROUNDS + 5 }, () => buildUser(t.ctx)));
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 5; i++) {
      await timed(path, known[ROUNDS + i]!.email);
      await timed(path, `warm-up-${i}@example.test`);
    }
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate which goes first, so neither kind always follows the other.
      const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const kind of order) times[kind].push(await timed(path, kind === 'known' ? known[i]!.email : `nobody-${i}@example.test`));
    }
    const [k, u] = [median(times.known), median(times.unknown)];
    expect(Math.abs(k - u), `median known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms`).toBeLessThan(Math.max(0.5, 0.2 * Math.min(k, u)));
    // The work still happens, after the answer: the known address gets its mail, nobody else.
    expect((await mailsTo(t, known[0]!.email)).length).toBeGreaterThan(0);
    expect(await mailsTo(t, 'nobody-0@example.test')).toHaveLength(0);
  }, 60_000);
});
