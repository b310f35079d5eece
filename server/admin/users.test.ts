import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateSessionToken } from '../auth/sessions';
import { deleteUser, listUsers, restoreUser, setUserRoles, suspendUser } from '../../sync/api/admin';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { expectMultipart } from '../mail/test-helpers';
import { buildAdmin, buildSignedInUser, buildUser } from './test-helpers';

let t: TestContext;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
beforeAll(async () => {
  t = await buildTestContext();
  admin = await buildAdmin(t.ctx, { username: 'chief', displayName: 'Chief Admin' });
});
afterAll(() => t.close());

const tokenOf = (cookie: string) => cookie.split('=')[1]!;
const meta = { userAgent: '', ip: '' };
const auditFor = (targetId: string) => t.ctx.db.selectFrom('auditLog').selectAll().where('targetId', '=', targetId).orderBy('id').execute();

describe('GET /api/admin/users', () => {
  it('searches e-mail, username and display name, with roles and paging', async () => {
    await buildUser(t.ctx, { email: 'marigold@example.test', username: 'mari', displayName: 'Marigold Finch', roles: ['author'] });
    await buildUser(t.ctx, { email: 'x@example.test', username: 'thornton', displayName: 'Marigold Thornton' });
    await buildUser(t.ctx, { email: 'percent@example.test', username: 'pc', displayName: '100% Reader' });
    const res = await t.request('/api/admin/users?q=marigold', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const body = await answerOf(res, listUsers);
    expect(body.total).toBe(2);
    expect(body.items.map((u) => u.username).sort()).toEqual(['mari', 'thornton']);
    expect(body.items.find((u) => u.username === 'mari')?.roles).toEqual(['reader', 'author']);

    const authors = await answerOf(await t.request('/api/admin/users?role=author', { cookie: admin.cookie }), listUsers);
    expect(authors.items.every((u) => u.roles.includes('author'))).toBe(true);

    // LIKE wildcards are literal: "%" only matches a real percent sign.
    const pct = await answerOf(await t.request('/api/admin/users?q=%25', { cookie: admin.cookie }), listUsers);
    expect(pct.items.map((u) => u.username)).toEqual(['pc']);
  });

  it('rejects bad filters with 422', async () => {
    const res = await t.request('/api/admin/users?role=emperor', { cookie: admin.cookie });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields?.role).toBeTruthy();
  });

  it('404 for an unknown user', async () => {
    expect((await t.request('/api/admin/users/nope', { cookie: admin.cookie })).status).toBe(404);
  });
});

describe('PUT /api/admin/users/:id/roles', () => {
  it('changes roles, rotates the sessions and audits before/after', async () => {
    const { user, cookie } = await buildSignedInUser(t.ctx);
    const res = await t.request(`/api/admin/users/${user.id}/roles`, { method: 'PUT', json: { roles: ['author', 'publisher'] }, cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((await answerOf(res, setUserRoles)).roles).toEqual(['reader', 'author', 'publisher']);

    const validated = await validateSessionToken(t.ctx, tokenOf(cookie), meta);
    expect(validated?.renewed).toBeTruthy();
    expect(validated?.user.roles).toContain('publisher');

    const [entry] = await auditFor(user.id);
    expect(entry).toMatchObject({ action: 'user.roles_changed', actorId: admin.user.id, actorLabel: 'chief' });
    expect(JSON.parse(entry!.detail)).toEqual({ before: [], after: ['author', 'publisher'] });
  });

  it('refuses roles that cannot be granted', async () => {
    const user = await buildUser(t.ctx);
    const res = await t.request(`/api/admin/users/${user.id}/roles`, { method: 'PUT', json: { roles: ['reader', 'king'] }, cookie: admin.cookie });
    expect(res.status).toBe(422);
  });

  it('an admin cannot remove their own admin role', async () => {
    const res = await t.request(`/api/admin/users/${admin.user.id}/roles`, { method: 'PUT', json: { roles: ['author'] }, cookie: admin.cookie });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields?.roles).toMatch(/own admin/);
  });

  it('404 for an unknown user', async () => {
    const res = await t.request('/api/admin/users/nope/roles', { method: 'PUT', json: { roles: [] }, cookie: admin.cookie });
    expect(res.status).toBe(404);
  });
});

describe('delete on their behalf', () => {
  it('starts the deletion flow: grace period, erasure queued, sessions ended, mailed, audited with the reason', async () => {
    const { user, cookie } = await buildSignedInUser(t.ctx);
    const res = await t.request(`/api/admin/users/${user.id}/delete`, { method: 'POST', json: { reason: 'Asked by e-mail' }, cookie: admin.cookie });
    expect((await answerOf(res, deleteUser)).status).toBe('deleting');
    expect(await validateSessionToken(t.ctx, tokenOf(cookie), meta)).toBeNull();
    const jobs = await t.ctx.db.selectFrom('jobs').select(['kind', 'payload']).where('payload', 'like', `%${user.id}%`).execute();
    expect(jobs.map((j) => j.kind)).toContain('account.erase');
    const [entry] = await auditFor(user.id);
    expect(entry).toMatchObject({ action: 'user.deletion_scheduled', actorId: admin.user.id });
    expect(JSON.parse(entry!.detail).reason).toBe('Asked by e-mail');
    const mail = await t.ctx.db.selectFrom('mailOutbox').selectAll().where('toAddress', '=', user.email).execute();
    expect(mail.map((m) => m.subject)).toContain('Your Quire account will be deleted');
    expectMultipart(
      mail.find((m) => m.subject === 'Your Quire account will be deleted'),
      'http://quire.test/account-deletion',
    );
    expect((await t.request(`/api/admin/users/${user.id}/delete`, { method: 'POST', json: { reason: 'again' }, cookie: admin.cookie })).status).toBe(409);
  });

  it("needs a reason, and never deletes the admin's own account", async () => {
    const user = await buildUser(t.ctx);
    expect((await t.request(`/api/admin/users/${user.id}/delete`, { method: 'POST', json: {}, cookie: admin.cookie })).status).toBe(422);
    expect((await t.request(`/api/admin/users/${admin.user.id}/delete`, { method: 'POST', json: { reason: 'x' }, cookie: admin.cookie })).status).toBe(422);
  });
});

describe('suspend and restore', () => {
  it('ends every session, refuses the old cookie, audits, and restores', async () => {
    const { user, cookie } = await buildSignedInUser(t.ctx);
    const res = await t.request(`/api/admin/users/${user.id}/suspend`, { method: 'POST', json: { reason: 'Spam' }, cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((await answerOf(res, suspendUser)).status).toBe('suspended');
    const sessions = await t.ctx.db.selectFrom('sessions').select('id').where('userId', '=', user.id).execute();
    expect(sessions).toHaveLength(0);
    expect(await validateSessionToken(t.ctx, tokenOf(cookie), meta)).toBeNull();

    expect((await t.request(`/api/admin/users/${user.id}/suspend`, { method: 'POST', json: { reason: 'again' }, cookie: admin.cookie })).status).toBe(409);

    const restored = await t.request(`/api/admin/users/${user.id}/restore`, { method: 'POST', cookie: admin.cookie });
    expect((await answerOf(restored, restoreUser)).status).toBe('active');
    const actions = (await auditFor(user.id)).map((a) => a.action);
    expect(actions).toEqual(['user.suspended', 'user.restored']);
    expect(JSON.parse((await auditFor(user.id))[0]!.detail).reason).toBe('Spam');
  });

  it('needs a reason, and an admin cannot suspend themselves', async () => {
    const user = await buildUser(t.ctx);
    expect((await t.request(`/api/admin/users/${user.id}/suspend`, { method: 'POST', json: {}, cookie: admin.cookie })).status).toBe(422);
    expect((await t.request(`/api/admin/users/${admin.user.id}/suspend`, { method: 'POST', json: { reason: 'x' }, cookie: admin.cookie })).status).toBe(422);
  });
});

describe('POST /api/admin/users/:id/send-reset', () => {
  it('e-mails a reset link and audits it', async () => {
    const user = await buildUser(t.ctx, { email: 'forgetful@example.test' });
    const res = await t.request(`/api/admin/users/${user.id}/send-reset`, { method: 'POST', cookie: admin.cookie });
    expect(res.status).toBe(200);
    const mail = await t.ctx.db.selectFrom('mailOutbox').selectAll().where('toAddress', '=', 'forgetful@example.test').execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.textBody).toContain('/auth/callback?code=');
    expectMultipart(mail[0], /http:\/\/quire\.test\/auth\/callback\?code=\S+/);
    expect((await auditFor(user.id)).map((a) => a.action)).toEqual(['user.password_reset_sent']);
  });
});
