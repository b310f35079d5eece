import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestContext, sessionCookieFrom, type TestContext } from '../test/test-context';
import { latestCode, mailsTo, me, post, registerAndSignIn, uniqueUser } from './test-helpers';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(async () => t.close());

describe('sign-in', () => {
  it('signs in with the right password and answers the account', async () => {
    const user = await registerAndSignIn(t);
    const res = await post(t, '/sign-in', { email: user.email.toUpperCase(), password: user.password });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { email: user.email, username: user.username, roles: ['reader'] } });
    const cookie = res.headers.getSetCookie().find((h) => h.startsWith('quire_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(await me(t, sessionCookieFrom(res)!)).toMatchObject({ id: user.id });
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const user = await registerAndSignIn(t);
    const wrong = await post(t, '/sign-in', { email: user.email, password: 'not the right password' });
    const unknown = await post(t, '/sign-in', { email: 'nobody@example.test', password: 'not the right password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const body = await wrong.text();
    expect(body).toBe(await unknown.text());
    expect(JSON.parse(body)).toEqual({ error: { code: 'unauthenticated', message: 'Email or password is incorrect.' } });
    expect(sessionCookieFrom(wrong)).toBeUndefined();
  });

  it('refuses an unverified account after the right password and re-sends the verification mail', async () => {
    const user = uniqueUser();
    await post(t, '/sign-up', user);
    const res = await post(t, '/sign-in', { email: user.email, password: user.password });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'forbidden', message: expect.stringMatching(/confirm your e-mail/i) } });
    expect((await mailsTo(t, user.email)).filter((m) => /Confirm/.test(m.subject))).toHaveLength(2);
    // A wrong password on the unverified account says nothing about its state.
    const wrong = await post(t, '/sign-in', { email: user.email, password: 'not the right password' });
    expect(wrong.status).toBe(401);
  });

  it('refuses a suspended account, and ends its existing sessions', async () => {
    const user = await registerAndSignIn(t);
    await t.ctx.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', user.id).execute();
    const res = await post(t, '/sign-in', { email: user.email, password: user.password });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { message: 'This account is suspended.' } });
    expect(await me(t, user.cookie)).toBeNull();
    const wrong = await post(t, '/sign-in', { email: user.email, password: 'not the right password' });
    expect(wrong.status).toBe(401);
  });

  it('lets an account awaiting deletion sign in so it can undo it', async () => {
    const user = await registerAndSignIn(t);
    await t.ctx.db
      .updateTable('users')
      .set({ status: 'deleting', deletionDueAt: t.ctx.now() + 1000 })
      .where('id', '=', user.id)
      .execute();
    const res = await post(t, '/sign-in', { email: user.email, password: user.password });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { status: 'deleting' } });
  });

  it('rotates the token at every sign-in; the old cookie stops working', async () => {
    const user = await registerAndSignIn(t);
    const again = await post(t, '/sign-in', { email: user.email, password: user.password }, { cookie: user.cookie });
    const fresh = sessionCookieFrom(again)!;
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(user.cookie);
    expect(await me(t, user.cookie)).toBeNull();
    expect(await me(t, fresh)).toMatchObject({ id: user.id });
  });

  it('rate-limits per IP with 429 and Retry-After', async () => {
    const ip = '198.51.100.20';
    let last: Response | undefined;
    for (let i = 0; i <= 30; i++) last = await post(t, '/sign-in', { email: `nobody${i}@example.test`, password: 'whatever it is' }, { ip });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last!.json()).toMatchObject({ error: { code: 'rate_limited', retryAfter: expect.any(Number) } });
  }, 60_000);

  it('rate-limits per account across different IPs', async () => {
    const user = await registerAndSignIn(t);
    let last: Response | undefined;
    for (let i = 0; i <= 10; i++) last = await post(t, '/sign-in', { email: user.email, password: 'wrong password here' }, { ip: `192.0.2.${i + 1}` });
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).toBeTruthy();
    // Even the right password waits in a browser that never signed in to the account.
    const right = await post(t, '/sign-in', { email: user.email, password: user.password }, { ip: '192.0.2.200' });
    expect(right.status).toBe(429);
  }, 60_000);

  it('signs out: the session ends and the cookie is cleared', async () => {
    const user = await registerAndSignIn(t);
    const res = await post(t, '/sign-out', {}, { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/quire_session=;/);
    expect(await me(t, user.cookie)).toBeNull();
  });

  it('signs in through an e-mailed sign-in link, once', async () => {
    const user = await registerAndSignIn(t);
    const unknown = await post(t, '/sign-in-link', { email: 'nobody@example.test' });
    const known = await post(t, '/sign-in-link', { email: user.email });
    expect(known.status).toBe(202);
    expect(await known.text()).toBe(await unknown.text());
    expect(await mailsTo(t, 'nobody@example.test')).toHaveLength(0);
    const code = await latestCode(t, user.email, /sign-in link/);
    const cb = await post(t, '/callback', { code });
    expect(await cb.json()).toEqual({ purpose: 'signin', next: '/' });
    expect(await me(t, sessionCookieFrom(cb)!)).toMatchObject({ id: user.id });
    const twice = await post(t, '/callback', { code });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({ error: { code: 'bad_request', reason: 'used' } });
  });
});
