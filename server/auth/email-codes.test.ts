import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_CODE_TTL } from '../limits';
import { expectMultipart } from '../mail/test-helpers';
import { buildTestContext, sessionCookieFrom, type TestContext } from '../test/test-context';
import { latestCode, mailsTo, me, post, registerAndSignIn, uniqueUser } from './test-helpers';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(async () => t.close());

async function resetToken(email: string) {
  await post(t, '/password-reset', { email });
  const cb = await post(t, '/callback', { code: await latestCode(t, email, /Reset/) });
  expect(cb.status).toBe(200);
  const { purpose, next } = (await cb.json()) as { purpose: string; next: string };
  expect(purpose).toBe('reset');
  return new URL(next, 'http://x').searchParams.get('token')!;
}

describe('e-mailed codes', () => {
  it('answers reset requests the same for known and unknown e-mails', async () => {
    const user = await registerAndSignIn(t);
    const known = await post(t, '/password-reset', { email: user.email });
    const unknown = await post(t, '/password-reset', { email: 'nobody@example.test' });
    expect(known.status).toBe(202);
    expect(await known.text()).toBe(await unknown.text());
    expect(await mailsTo(t, 'nobody@example.test')).toHaveLength(0);
  });

  it('resets the password and ends every session', async () => {
    const user = await registerAndSignIn(t);
    const token = await resetToken(user.email);
    const weak = await post(t, '/reset-password', { token, password: 'short' });
    expect(weak.status).toBe(422);
    const res = await post(t, '/reset-password', { token, password: 'a brand new passphrase' });
    expect(res.status).toBe(200);
    expect(await me(t, user.cookie)).toBeNull();
    expect((await post(t, '/sign-in', { email: user.email, password: user.password })).status).toBe(401);
    const signIn = await post(t, '/sign-in', { email: user.email, password: 'a brand new passphrase' });
    expect(signIn.status).toBe(200);
    const reuse = await post(t, '/reset-password', { token, password: 'yet another passphrase' });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: { reason: 'used' } });
  });

  it('mails the reset and sign-in links as text + HTML, the same link in both, and the HTML link works', async () => {
    const user = await registerAndSignIn(t);
    await post(t, '/password-reset', { email: user.email });
    await post(t, '/sign-in-link', { email: user.email });
    const mails = await mailsTo(t, user.email);
    const callback = /http:\/\/quire\.test\/auth\/callback\?code=\S+/;
    expectMultipart(
      mails.find((m) => /Reset/.test(m.subject)),
      callback,
    );
    const signIn = mails.find((m) => /sign-in link/.test(m.subject));
    const link = expectMultipart(signIn, callback);
    expect(signIn!.htmlBody).toMatch(/>Sign in<\/a>/);
    const cb = await post(t, '/callback', { code: decodeURIComponent(new URL(link).searchParams.get('code')!) });
    expect(cb.status).toBe(200);
  });

  it('fails the second time a code is used', async () => {
    const user = uniqueUser();
    await post(t, '/sign-up', user);
    const code = await latestCode(t, user.email);
    expect((await post(t, '/callback', { code })).status).toBe(200);
    const again = await post(t, '/callback', { code });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: { code: 'bad_request', reason: 'used' } });
  });

  it('fails an expired code', async () => {
    const user = await registerAndSignIn(t);
    await post(t, '/sign-in-link', { email: user.email });
    const code = await latestCode(t, user.email, /sign-in link/);
    t.advance(EMAIL_CODE_TTL.signin + 1);
    const res = await post(t, '/callback', { code });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { reason: 'expired' } });
    expect(sessionCookieFrom(res)).toBeUndefined();
  });

  it('fails forged and malformed codes as invalid', async () => {
    const user = uniqueUser();
    await post(t, '/sign-up', user);
    const code = await latestCode(t, user.email);
    for (const forged of [`${code.split('.')[0]}.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa`, 'nope', 'a.b.c', '.']) {
      const res = await post(t, '/callback', { code: forged });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { reason: 'invalid' } });
    }
  });

  it('does not mail suspended accounts', async () => {
    const user = await registerAndSignIn(t);
    await t.ctx.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', user.id).execute();
    const before = (await mailsTo(t, user.email)).length;
    expect((await post(t, '/sign-in-link', { email: user.email })).status).toBe(202);
    expect((await post(t, '/password-reset', { email: user.email })).status).toBe(202);
    expect(await mailsTo(t, user.email)).toHaveLength(before);
  });

  it('rate-limits mail per account across IPs', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) last = await post(t, '/sign-in-link', { email: 'target@example.test' }, { ip: `192.0.2.${i + 1}` });
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).toBeTruthy();
  });
});
