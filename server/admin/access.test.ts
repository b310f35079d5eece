import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { buildSignedInUser } from './test-helpers';

// One route of every admin area (and every method it uses).
const ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/admin/dashboard'],
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/users/some-id'],
  ['PUT', '/api/admin/users/some-id/roles', { roles: [] }],
  ['POST', '/api/admin/users/some-id/suspend', { reason: 'x' }],
  ['POST', '/api/admin/users/some-id/restore'],
  ['POST', '/api/admin/users/some-id/send-reset'],
  ['GET', '/api/admin/role-requests'],
  ['POST', '/api/admin/role-requests/some-id/approve'],
  ['POST', '/api/admin/role-requests/some-id/reject', { note: 'no' }],
  ['GET', '/api/admin/beta-requests'],
  ['POST', '/api/admin/beta-requests/some-id/approve'],
  ['POST', '/api/admin/beta-requests/some-id/reject', { note: 'no' }],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/audit.csv'],
  ['GET', '/api/admin/settings'],
  ['PUT', '/api/admin/settings', {}],
  ['GET', '/api/admin/debug-reports'],
  ['POST', '/api/admin/debug-reports/some-key/resolve'],
  ['POST', '/api/admin/debug-reports/some-key/reopen'],
  ['POST', '/api/admin/self-test'],
];

let t: TestContext;
beforeAll(async () => {
  t = await buildTestContext();
});
afterAll(() => t.close());

describe('admin routes are for admins only', () => {
  it.each(ROUTES)('%s %s: 401 signed out', async (method, path, json) => {
    const res = await t.request(path, { method, json });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('unauthenticated');
  });

  it.each(ROUTES)('%s %s: 403 for readers, authors and publishers', async (method, path, json) => {
    const { cookie } = await buildSignedInUser(t.ctx, { roles: ['author', 'publisher'] });
    const res = await t.request(path, { method, json, cookie });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('forbidden');
  });

  it('401 for a suspended admin, whose session is refused', async () => {
    const { cookie } = await buildSignedInUser(t.ctx, { roles: ['admin'], status: 'suspended' });
    const res = await t.request('/api/admin/dashboard', { cookie });
    expect(res.status).toBe(401);
  });
});
