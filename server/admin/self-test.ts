/** POST /api/admin/self-test: run every check now and answer with the results. */
import { Hono } from 'hono';
import { runSelfTest as runSelfTestEndpoint } from '../../sync/api/admin';
import { recordAudit } from '../audit/record';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { adminActor } from './actor';
import { runSelfTest } from './self-test-checks';

export function selfTestRoutes(ctx: AppContext) {
  return on(new Hono<AppEnv>(), '/api/admin/self-test', runSelfTestEndpoint, async (c) => {
    const by = adminActor(c);
    const ranAt = ctx.now();
    const checks = await runSelfTest(ctx);
    await recordAudit(ctx.db, ctx.now(), {
      ...by,
      action: 'system.self_test',
      targetType: 'system',
      detail: { failed: checks.filter((x) => !x.ok).map((x) => x.name) },
    });
    return { ranAt, checks };
  });
}
