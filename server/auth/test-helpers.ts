/** Helpers for the auth API tests: sign up through the API and follow the e-mailed links. */
import { expect } from 'vitest';
import { sessionCookieFrom, type TestContext } from '../test/test-context';

export const PASSWORD = 'a long and unusual passphrase';

let counter = 0;
export function uniqueUser(prefix = 'user') {
  counter += 1;
  return { email: `${prefix}${counter}@example.test`, username: `${prefix}${counter}`, password: PASSWORD };
}

/** The mails sent to `to`, newest first, once the jobs that send them (mail-links.ts) have run. */
export async function mailsTo(t: TestContext, to: string) {
  await t.worker.drain();
  return t.ctx.db.selectFrom('mailOutbox').selectAll().where('toAddress', '=', to).orderBy('createdAt', 'desc').orderBy('id').execute();
}

/** The code of the newest /auth/callback link mailed to `to`. */
export async function latestCode(t: TestContext, to: string, subject?: RegExp): Promise<string> {
  const mails = await mailsTo(t, to);
  const mail = mails.find((m) => !subject || subject.test(m.subject));
  const match = mail?.textBody.match(/\/auth\/callback\?code=([^\s]+)/);
  if (!match) throw new Error(`no callback link mailed to ${to}`);
  return decodeURIComponent(match[1]!);
}

export function post(t: TestContext, path: string, json: unknown, opts: { cookie?: string; ip?: string } = {}) {
  return t.request(`/api/auth${path}`, { method: 'POST', json, ...opts });
}

/** Sign up, open the verification link, and sign in; returns the session cookie. */
export async function registerAndSignIn(t: TestContext, user = uniqueUser()) {
  const up = await post(t, '/sign-up', user);
  expect(up.status).toBe(202);
  const verified = await post(t, '/callback', { code: await latestCode(t, user.email, /Confirm/) });
  expect(verified.status).toBe(200);
  const res = await post(t, '/sign-in', { email: user.email, password: user.password });
  expect(res.status).toBe(200);
  const cookie = sessionCookieFrom(res);
  if (!cookie) throw new Error('no session cookie');
  const row = await t.ctx.db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow();
  return { ...user, cookie, id: row.id };
}

export async function me(t: TestContext, cookie: string) {
  const res = await t.request('/api/auth/me', { cookie });
  return ((await res.json()) as { user: { id: string } | null }).user;
}
