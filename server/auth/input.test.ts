/** Malformed input to the auth API: always a 4xx with the error shape, never a 500. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../test/test-context';
import { post } from './test-helpers';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestContext({ rateLimitScale: 100 });
});
afterAll(async () => t.close());

const ROUTES = ['/sign-up', '/sign-in', '/sign-in-link', '/password-reset', '/callback', '/reset-password', '/beta-request'];

describe('malformed auth input', () => {
  it('answers 400 to bodies that are not JSON', async () => {
    for (const route of ROUTES) {
      const res = await t.request(`/api/auth${route}`, { method: 'POST', body: '{"email":', headers: { 'content-type': 'application/json' } });
      expect(res.status, route).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'bad_request' } });
    }
  });

  it('answers 422 to wrong types, with field messages', async () => {
    for (const route of ROUTES) {
      const res = await post(t, route, { email: 42, password: [], code: {}, token: null, name: true, interest: 'gardening' });
      expect(res.status, route).toBe(422);
      const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(body.error.code).toBe('validation_failed');
      expect(Object.keys(body.error.fields).length).toBeGreaterThan(0);
    }
  });

  it('refuses huge bodies and long strings without a 500', async () => {
    const huge = await post(t, '/sign-in', { email: 'a@b.test', password: 'p'.repeat(2_000_000) });
    expect(huge.status).toBe(413);
    const long = await post(t, '/sign-up', { email: `${'a'.repeat(5000)}@x.test`, username: 'u'.repeat(500), password: 'p'.repeat(10_000) });
    expect(long.status).toBe(422);
    const code = await post(t, '/callback', { code: 'x'.repeat(5000) });
    expect(code.status).toBe(422);
  });

  it('files a beta request once per pending e-mail', async () => {
    const request = { name: 'Ada', email: 'Ada@Example.test', interest: 'writing', reason: 'I write novels.' };
    const first = await post(t, '/beta-request', request);
    const second = await post(t, '/beta-request', { ...request, email: 'ada@example.test' });
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(await second.text()).toBe(await first.text());
    const rows = await t.ctx.db.selectFrom('betaRequests').selectAll().where('email', '=', 'ada@example.test').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', interest: 'writing', name: 'Ada' });
  });
});
