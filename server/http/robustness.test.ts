/**
 * No request body, header or cookie, however malformed, produces a 500: every registered route
 * is called with junk, signed out and signed in as an admin, and must answer below 500.
 */
import { newUserRow } from '../auth/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../auth/sessions';
import { buildTestContext, type TestContext } from '../test/test-context';

let t: TestContext;

/** A fresh admin session per call: some routes (sign-out, deletion) end the one they are given. */
async function adminCookie() {
  const { token } = await createSession(t.ctx, 'admin1', { userAgent: 'test', ip: '1' });
  return `quire_session=${token}`;
}

beforeAll(async () => {
  t = await buildTestContext();
  const now = Date.now();
  await t.ctx.db
    .insertInto('users')
    .values(newUserRow({ id: 'admin1', email: 'a@x.test', username: 'admin1', displayName: 'A', passwordHash: null, emailVerifiedAt: now }, now))
    .execute();
  await t.ctx.db.insertInto('userRoles').values({ userId: 'admin1', role: 'admin', grantedAt: now, grantedBy: null }).execute();
});
afterAll(async () => t.close());

const BODIES: Array<[string, string | undefined]> = [
  ['no body', undefined],
  ['not JSON', '{"unclosed'],
  ['a JSON array', '[1,2,3]'],
  ['JSON null', 'null'],
  ['wrong types', '{"email":42,"password":[],"name":{},"role":true,"note":null,"roles":"admin","page":"-1"}'],
  ['long strings', JSON.stringify({ email: 'a'.repeat(5000) + '@x.test', password: 'p'.repeat(100_000), name: 'n'.repeat(10_000) })],
  ['prototype keys', '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}'],
];
const COOKIES = [
  'quire_session=',
  'quire_session=abc',
  'quire_session=x.y.z',
  'quire_session=%E0%A4%A',
  `quire_session=${'a'.repeat(4000)}.${'b'.repeat(4000)}`,
  'garbage;;;=;',
];

/** Routes that fail on purpose (the failure-page test's trigger). */
const DELIBERATE_FAILURES = new Set(['GET /api/dev/failure']);

function routesOf(app: TestContext['app']) {
  const seen = new Set<string>();
  return app.routes
    .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL' && !DELIBERATE_FAILURES.has(`${r.method} ${r.path}`))
    .map((r) => ({ method: r.method, path: r.path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, 'x1').replace(/\*/g, 'x') }))
    .filter((r) => {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

describe('malformed input never causes a 500', () => {
  it('answers every route and body with a 4xx or success', async () => {
    const failures: string[] = [];
    for (const route of routesOf(t.app)) {
      for (const asAdmin of [false, true]) {
        for (const [label, body] of route.method === 'GET' ? [BODIES[0]!] : BODIES) {
          const cookie = asAdmin ? await adminCookie() : undefined;
          const res = await t.request(`${route.path}?page=-5&q=%00&from=not-a-date`, {
            method: route.method,
            body,
            cookie,
            headers: body === undefined ? {} : { 'content-type': 'application/json' },
          });
          if (res.status >= 500) failures.push(`${route.method} ${route.path} (${label}, ${cookie ? 'admin' : 'visitor'}): ${res.status} ${await res.text()}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('survives malformed cookies and headers', async () => {
    for (const cookie of COOKIES) {
      const res = await t.request('/api/site', { cookie });
      expect(res.status).toBeLessThan(500);
    }
    const res = await t.request('/api/debug-reports', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '99999999999' },
      body: '{}',
    });
    expect(res.status).toBeLessThan(500);
  });

  it('refuses a cross-site POST with 403 JSON', async () => {
    const res = await t.request('/api/debug-reports', { method: 'POST', headers: { origin: 'https://evil.example' }, json: { message: 'x', route: '/' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'forbidden' } });
  });
});
