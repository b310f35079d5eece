/**
 * The typed API's table (sync/api/endpoints.ts) and the app agree: every endpoint declared there
 * is served at its method and path, so a contract cannot name a route the server lacks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../sync/api/endpoints';
import { buildTestContext, type TestContext } from '../test/test-context';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestContext();
});
afterAll(async () => t.close());

describe('typed API', () => {
  it.each(ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))('%s is served', (_name, endpoint) => {
    const served = t.app.routes.some((r) => r.method === endpoint.method && r.path === endpoint.path);
    expect(served, `${endpoint.method} ${endpoint.path}`).toBe(true);
  });

  it('answers through the contract', async () => {
    const res = await t.request('/api/site');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ siteName: expect.any(String), signUpMode: expect.any(String) });
    const missing = await t.request('/api/lists/nope');
    expect(missing.status).toBe(404);
  });
});
