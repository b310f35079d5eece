/** /__probe and /admin/test name the database engine and say whether Redis is not configured, connected or down. */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { registerAdminJobs } from '../admin/jobs';
import { engineOf } from '../db/engine';
import { buildAdmin } from '../admin/test-helpers';
import { redisServerPath, startTestRedis, type TestRedis } from '../test/redis-server';
import { buildTestContext, type TestContext } from '../test/test-context';

const available = redisServerPath() !== null;
if (!available) console.warn('redis-server is not installed: the Redis status tests did not run (.ci/run installs it).');

async function probe(t: TestContext) {
  const res = await t.request('/__probe');
  return { status: res.status, body: (await res.json()) as { status: string; database: { ok: boolean; engine: string }; redis: unknown } };
}

/** The self-test's Redis check, run as an admin would from /admin/test (the worker runs the job check's ping). */
async function redisCheck(t: TestContext) {
  const admin = await buildAdmin(t.ctx);
  const res = await t.request('/api/admin/self-test', { method: 'POST', cookie: admin.cookie });
  expect(res.status).toBe(200);
  const { checks } = (await res.json()) as { checks: { name: string; ok: boolean; skipped?: boolean; detail: string }[] };
  expect(checks.find((c) => c.name === 'Database')?.detail).toMatch(new RegExp(`^${engineOf(t.ctx.db)}: `));
  return checks.find((c) => c.name === 'Redis');
}

async function started(overrides: Parameters<typeof buildTestContext>[0] = {}) {
  const t = await buildTestContext(overrides);
  registerAdminJobs(t.worker);
  t.worker.start();
  return t;
}

describe('without REDIS_URL', () => {
  it('says Redis is not configured, and that is no failure', async () => {
    const t = await started();
    try {
      expect(await probe(t)).toEqual({
        status: 200,
        body: expect.objectContaining({
          status: 'ok',
          database: { ok: true, engine: engineOf(t.ctx.db) },
          redis: { configured: false, ok: true, state: 'not-configured' },
        }),
      });
      expect(await redisCheck(t)).toMatchObject({ ok: true, skipped: true, detail: expect.stringContaining('Not configured') });
    } finally {
      await t.close();
    }
  });
});

describe.runIf(available)('with REDIS_URL', () => {
  let redis: TestRedis | undefined;
  afterAll(async () => redis?.stop());

  it('says connected while Redis answers, and down once it is gone, without failing the probe', async () => {
    redis = await startTestRedis();
    const t = await started({ redisUrl: redis.url });
    try {
      expect((await probe(t)).body.redis).toEqual({ configured: true, ok: true, state: 'connected' });
      expect(await redisCheck(t)).toMatchObject({ ok: true, detail: `Connected to ${redis.url}; a message went round through pub/sub.` });

      const error = vi.spyOn(console, 'error').mockImplementation(() => {}); // the reconnect attempts
      await redis.stop();
      redis = undefined;
      for (let i = 0; i < 100 && t.ctx.redis!.ready(); i++) await new Promise((r) => setTimeout(r, 20));
      const down = await probe(t);
      // The instance still answers every request: only the hints between instances wait.
      expect(down.status).toBe(200);
      expect(down.body.redis).toEqual({ configured: true, ok: false, state: 'down' });
      expect(await redisCheck(t)).toMatchObject({ ok: false, detail: expect.stringContaining('Not connected to redis://127.0.0.1:') });
      // Rate-limited routes keep answering: this instance counts on its own until Redis is back.
      const { cookie } = await buildAdmin(t.ctx);
      expect((await t.request('/api/users/lookup?username=nobody', { cookie })).status).toBe(404);
      error.mockRestore();
    } finally {
      await t.close();
    }
  });
});
