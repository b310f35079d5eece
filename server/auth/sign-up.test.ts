import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectMultipart } from '../mail/test-helpers';
import { saveSiteSettings } from '../site/settings';
import { buildTestContext, type TestContext } from '../test/test-context';
import { issueCode } from './codes';
import { latestCode, mailsTo, post, uniqueUser } from './test-helpers';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(async () => t.close());

const countUsers = async (email: string) => (await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute()).length;

describe('sign-up', () => {
  it('creates an unverified account, mails a verification link, and the callback verifies it', async () => {
    const user = uniqueUser();
    const res = await post(t, '/sign-up', { ...user, email: `  ${user.email.toUpperCase()} `, displayName: 'Ada' });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: 'check-email' });
    const row = await t.ctx.db.selectFrom('users').selectAll().where('email', '=', user.email).executeTakeFirstOrThrow();
    expect(row.emailVerifiedAt).toBeNull();
    expect(row.displayName).toBe('Ada');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);

    const [mail] = await mailsTo(t, user.email);
    expect(mail?.subject).toMatch(/Confirm your e-mail/);
    expectMultipart(mail, /http:\/\/quire\.test\/auth\/callback\?code=\S+/);
    expect(mail?.htmlBody).toContain('<p>Hello Ada,</p>');
    const cb = await post(t, '/callback', { code: await latestCode(t, user.email) });
    expect(cb.status).toBe(200);
    expect(await cb.json()).toEqual({ purpose: 'verify', next: '/auth?verified=1' });
    const after = await t.ctx.db.selectFrom('users').select('emailVerifiedAt').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after.emailVerifiedAt).not.toBeNull();
  });

  it('answers a duplicate e-mail exactly like a new one and creates no second account', async () => {
    const user = uniqueUser();
    const first = await post(t, '/sign-up', user);
    const second = await post(t, '/sign-up', { ...user, username: `${user.username}x` });
    expect(second.status).toBe(first.status);
    expect(await second.text()).toBe(await first.clone().text());
    expect(await countUsers(user.email)).toBe(1);
    const mails = await mailsTo(t, user.email);
    expect(mails.map((m) => m.subject)).toContain('Someone tried to sign up to Quire with your e-mail');
    expectMultipart(
      mails.find((m) => m.subject.startsWith('Someone tried')),
      'http://quire.test/auth/reset-password',
    );
  });

  it('refuses a taken username with 409 on the username field', async () => {
    const user = uniqueUser();
    await post(t, '/sign-up', user);
    const res = await post(t, '/sign-up', { ...uniqueUser(), username: user.username.toUpperCase() });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: 'conflict', fields: { username: expect.any(String) } } });
  });

  it('refuses short, overlong and common passwords with a message on the field', async () => {
    for (const password of ['short', 'x'.repeat(257), 'qwerty123456', 'QWERTY123456']) {
      const res = await post(t, '/sign-up', { ...uniqueUser(), password });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { error: { fields: Record<string, string> } };
      expect(body.error.fields.password).toBeTruthy();
    }
  });

  it('refuses bad usernames and e-mails', async () => {
    const res = await post(t, '/sign-up', { ...uniqueUser(), username: 'no spaces!', email: 'not-an-email' });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(body.error.fields).sort()).toEqual(['email', 'username']);
  });

  it('keeps the team’s names: a reserved username or display name is refused with 422 on its field', async () => {
    for (const [field, value] of [
      ['username', 'quire_support'],
      ['username', 'Adm1n'],
      ['displayName', 'Quire Support'],
      ['displayName', 'Quire · Team'],
      ['displayName', 'Ｓupport'],
    ] as const) {
      const user = uniqueUser();
      const res = await post(t, '/sign-up', { ...user, [field]: value });
      expect(res.status, value).toBe(422);
      const body = (await res.json()) as { error: { fields: Record<string, string> } };
      expect(body.error.fields[field]).toMatch(/kept for the Quire team/);
      expect(await countUsers(user.email)).toBe(0);
    }
  });

  it('is refused when sign-up is closed', async () => {
    await saveSiteSettings(t.ctx.db, { signUpMode: 'closed' });
    const res = await post(t, '/sign-up', uniqueUser());
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'forbidden', message: 'Sign-up is closed.' } });
  });

  it('needs a valid invite in beta mode and uses it up', async () => {
    await saveSiteSettings(t.ctx.db, { signUpMode: 'beta' });
    const none = await post(t, '/sign-up', uniqueUser());
    expect(none.status).toBe(403);
    expect(((await none.json()) as { error: { message: string } }).error.message).toContain('/auth/beta-request');
    const forged = await post(t, '/sign-up', { ...uniqueUser(), invite: 'abc.def' });
    expect(forged.status).toBe(403);

    const { code } = await issueCode(t.ctx, 'invite', 'someone-else@example.test');
    const cb = await post(t, '/callback', { code });
    expect(await cb.json()).toMatchObject({ purpose: 'invite', next: expect.stringContaining('mode=signup&invite=') });
    const user = uniqueUser();
    const ok = await post(t, '/sign-up', { ...user, invite: code });
    expect(ok.status).toBe(202);
    expect(await countUsers(user.email)).toBe(1);
    const again = await post(t, '/sign-up', { ...uniqueUser(), invite: code });
    expect(again.status).toBe(403);
  });

  it('rate-limits sign-ups per IP with 429 and Retry-After', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) last = await post(t, '/sign-up', { ...uniqueUser(), password: 'x' }, { ip: '198.51.100.7' });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await post(t, '/sign-up', uniqueUser(), { ip: '198.51.100.8' });
    expect(other.status).toBe(202);
  });
});
