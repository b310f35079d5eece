import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestContext, sessionCookieFrom, type TestContext } from '../test/test-context';
import { ROTATED_SESSION_GRACE } from '../limits';
import { markRolesChanged } from './sessions';
import { me, post, registerAndSignIn } from './test-helpers';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(async () => t.close());

async function secondDevice(user: { email: string; password: string }) {
  const res = await post(t, '/sign-in', { email: user.email, password: user.password }, { ip: '198.51.100.99' });
  return sessionCookieFrom(res)!;
}

describe('sessions', () => {
  it('answers null for visitors at /me', async () => {
    const res = await t.request('/api/auth/me');
    expect(await res.json()).toEqual({ user: null });
  });

  it('refuses cross-site POSTs with 403', async () => {
    const user = await registerAndSignIn(t);
    const evil = await t.request('/api/auth/sign-out', { method: 'POST', headers: { origin: 'https://evil.example' }, cookie: user.cookie, json: {} });
    expect(evil.status).toBe(403);
    const site = await t.request('/api/auth/sign-out', { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' }, cookie: user.cookie, json: {} });
    expect(site.status).toBe(403);
    const signIn = await t.request('/api/auth/sign-in', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      json: { email: user.email, password: user.password },
    });
    expect(signIn.status).toBe(403);
    expect(await me(t, user.cookie)).toMatchObject({ id: user.id });
  });

  it('rotates the token when roles change; the old token stops working after a short grace', async () => {
    const user = await registerAndSignIn(t);
    await markRolesChanged(t.ctx, user.id);
    const res = await t.request('/api/auth/me', { cookie: user.cookie });
    const rotated = sessionCookieFrom(res);
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(user.cookie);
    expect(await me(t, rotated!)).toMatchObject({ id: user.id });

    // A request that left with the old cookie at the same time is answered, and neither rotates
    // again nor touches the cookie (clearing it would sign the page out).
    const late = await t.request('/api/auth/me', { cookie: user.cookie });
    expect(((await late.json()) as { user: { id: string } | null }).user).toMatchObject({ id: user.id });
    expect(late.headers.get('set-cookie')).toBeNull();
    const devices = (await (await t.request('/api/auth/sessions', { cookie: rotated! })).json()) as { sessions: unknown[] };
    expect(devices.sessions).toHaveLength(1);

    t.advance(ROTATED_SESSION_GRACE + 1);
    expect(await me(t, user.cookie)).toBeNull();
    expect(await me(t, rotated!)).toMatchObject({ id: user.id });
  });

  it('rotates once when several requests arrive with the old token together', async () => {
    const user = await registerAndSignIn(t);
    await markRolesChanged(t.ctx, user.id);
    const answers = await Promise.all([1, 2, 3, 4].map(async () => t.request('/api/auth/me', { cookie: user.cookie })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const cookies = answers.map((r) => sessionCookieFrom(r)).filter(Boolean);
    expect(cookies).toHaveLength(1);
    expect(answers.every((r) => !(r.headers.get('set-cookie') ?? '').includes('Max-Age=0'))).toBe(true);
  });

  it('records when a session was last seen at most once a minute', async () => {
    const user = await registerAndSignIn(t);
    const id = user.cookie.split('=')[1]!.split('.')[0]!;
    const lastSeen = async () => await t.ctx.db.selectFrom('sessions').select(['lastSeenAt', 'ip']).where('id', '=', id).executeTakeFirstOrThrow();
    const signedIn = await lastSeen();

    t.advance(30_000);
    expect(await me(t, user.cookie)).toMatchObject({ id: user.id });
    expect(await lastSeen()).toEqual(signedIn);

    t.advance(31_000); // 61 s after sign-in
    const res = await t.request('/api/auth/me', { cookie: user.cookie, ip: '203.0.113.7' });
    expect(res.status).toBe(200);
    const touched = await lastSeen();
    expect(touched.lastSeenAt).toBeGreaterThanOrEqual(signedIn.lastSeenAt + 61_000);
    expect(touched.lastSeenAt).toBeLessThanOrEqual(t.ctx.now());
    expect(touched.ip).toBe('203.0.113.7');

    t.advance(59_000);
    expect(await me(t, user.cookie)).toMatchObject({ id: user.id });
    expect(await lastSeen()).toEqual(touched);
  });

  it('answers with every role of the account, read with the session', async () => {
    const user = await registerAndSignIn(t);
    await t.ctx.db
      .insertInto('userRoles')
      .values(['author', 'publisher'].map((role) => ({ userId: user.id, role: role as 'author' | 'publisher', grantedAt: t.ctx.now(), grantedBy: null })))
      .execute();
    const res = await t.request('/api/auth/me', { cookie: user.cookie });
    const body = (await res.json()) as { user: { roles: string[] } };
    expect(body.user.roles.sort()).toEqual(['author', 'publisher', 'reader']);
  });

  it('lists the devices, marks the current one, and ends one or all the others', async () => {
    const user = await registerAndSignIn(t);
    const other = await secondDevice(user);
    const third = await secondDevice(user);
    const res = await t.request('/api/auth/sessions', { cookie: user.cookie });
    const { sessions } = (await res.json()) as { sessions: Array<{ id: string; current: boolean; ip: string }> };
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);

    const otherId = other.split('=')[1]!.split('.')[0]!;
    const del = await t.request(`/api/auth/sessions/${otherId}`, { method: 'DELETE', cookie: user.cookie });
    expect(del.status).toBe(200);
    expect(await me(t, other)).toBeNull();

    const out = await post(t, '/sessions/sign-out-others', {}, { cookie: user.cookie });
    expect(out.status).toBe(200);
    expect(await me(t, third)).toBeNull();
    expect(await me(t, user.cookie)).toMatchObject({ id: user.id });
  });

  it("cannot end someone else's session", async () => {
    const a = await registerAndSignIn(t);
    const b = await registerAndSignIn(t);
    const bId = b.cookie.split('=')[1]!.split('.')[0]!;
    const res = await t.request(`/api/auth/sessions/${bId}`, { method: 'DELETE', cookie: a.cookie });
    expect(res.status).toBe(404);
    expect(await me(t, b.cookie)).toMatchObject({ id: b.id });
  });

  it('needs a session for the device list and password change', async () => {
    expect((await t.request('/api/auth/sessions')).status).toBe(401);
    expect((await post(t, '/password', { currentPassword: 'x', newPassword: 'y' })).status).toBe(401);
    expect((await post(t, '/sessions/sign-out-others', {})).status).toBe(401);
  });

  it('changes the password after checking the current one, and signs out other devices', async () => {
    const user = await registerAndSignIn(t);
    const other = await secondDevice(user);
    const wrong = await post(t, '/password', { currentPassword: 'not my password', newPassword: 'another fine passphrase' }, { cookie: user.cookie });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({ error: { fields: { currentPassword: expect.any(String) } } });
    const common = await post(t, '/password', { currentPassword: user.password, newPassword: 'qwerty123456' }, { cookie: user.cookie });
    expect(common.status).toBe(422);
    const ok = await post(t, '/password', { currentPassword: user.password, newPassword: 'another fine passphrase' }, { cookie: user.cookie });
    expect(ok.status).toBe(200);
    expect(await me(t, other)).toBeNull();
    expect(await me(t, user.cookie)).toMatchObject({ id: user.id });
    const signIn = await post(t, '/sign-in', { email: user.email, password: 'another fine passphrase' });
    expect(signIn.status).toBe(200);
  });
});
