import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFailure } from '../debug/record';
import { getDashboard, listDebugReports } from '../../sync/api/admin';
import { answerOf, buildTestContext, type TestContext } from '../test/test-context';
import { registerAdminJobs } from './jobs';
import { buildAdmin, buildRoleRequest, buildUser } from './test-helpers';

let t: TestContext;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
beforeAll(async () => {
  t = await buildTestContext();
  registerAdminJobs(t.worker);
  admin = await buildAdmin(t.ctx);
});
afterAll(() => t.close());

describe('POST /api/admin/self-test', () => {
  it('runs every check; the job check passes once the worker drains the ping', async () => {
    const pending = t.request('/api/admin/self-test', { method: 'POST', cookie: admin.cookie });
    // The check polls for up to 5 s; play the worker's part.
    for (let i = 0; i < 20 && (await t.ctx.queue.countsByState()).queued === 0; i++) await new Promise((r) => setTimeout(r, 10));
    await t.worker.drain();
    const res = await pending;
    expect(res.status).toBe(200);
    const { checks } = (await res.json()) as { checks: { name: string; ok: boolean; skipped?: boolean; ms: number; detail: string }[] };
    expect(checks.map((c) => c.name)).toEqual([
      'Database',
      'Redis',
      'Disk',
      'Mail transport',
      'Payment provider',
      'Job worker',
      'Sync socket',
      'Collaboration socket',
    ]);
    for (const c of checks) {
      expect(c.ok, `${c.name}: ${c.detail}`).toBe(true);
      expect(c.ms).toBeGreaterThanOrEqual(0);
    }
    expect(checks.filter((c) => c.skipped).map((c) => c.name)).toEqual(['Redis', 'Sync socket', 'Collaboration socket']);
  });
});

describe('debug reports', () => {
  it('lists groups and resolves / reopens them', async () => {
    const now = t.ctx.now();
    await recordFailure(t.ctx.db, now, { source: 'client', digest: 'd1', message: 'Boom', stack: 'Error: Boom\n    at x (a.js:1:1)', route: '/books' });
    await recordFailure(t.ctx.db, now + 5, { source: 'client', digest: 'd2', message: 'Boom', stack: 'Error: Boom\n    at x (a.js:1:1)', route: '/books' });
    const list = async (q: string) => (await answerOf(await t.request(`/api/admin/debug-reports${q}`, { cookie: admin.cookie }), listDebugReports)).items;
    const [group] = await list('?source=client');
    expect(group).toMatchObject({ message: 'Boom', count: 2, status: 'open', digest: 'd2', route: '/books' });

    expect((await t.request(`/api/admin/debug-reports/${group.key}/resolve`, { method: 'POST', cookie: admin.cookie })).status).toBe(200);
    expect(await list('')).toHaveLength(0);
    expect(await list('?status=resolved')).toHaveLength(1);
    expect((await t.request(`/api/admin/debug-reports/${group.key}/reopen`, { method: 'POST', cookie: admin.cookie })).status).toBe(200);
    expect(await list('?status=open')).toHaveLength(1);
    expect((await t.request('/api/admin/debug-reports/missing/resolve', { method: 'POST', cookie: admin.cookie })).status).toBe(404);
    expect((await t.request('/api/admin/debug-reports?status=weird', { cookie: admin.cookie })).status).toBe(422);
  });
});

describe('GET /api/admin/dashboard', () => {
  it('counts users, sign-ups, pending requests, jobs and open reports', async () => {
    const reader = await buildUser(t.ctx);
    await buildUser(t.ctx, { createdAt: t.ctx.now() - 30 * 86_400_000 });
    await buildRoleRequest(t.ctx, reader.id, { role: 'publisher', imprintName: 'X' });
    const body = await answerOf(await t.request('/api/admin/dashboard', { cookie: admin.cookie }), getDashboard);
    expect(body.users.total).toBe(3);
    expect(body.users.newToday).toBe(2);
    expect(body.users.signUps7d).toBe(2);
    expect(body.users.signUpsByDay).toHaveLength(7);
    expect(body.requests).toEqual({ author: 0, publisher: 1, beta: 0 });
    expect(body.jobs.done).toBeGreaterThanOrEqual(1);
    expect(body.debugReports.open).toBe(1);
    expect(body.mail.transport).toBe('outbox');
  });
});
