import { pullPage } from '../sync/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateSessionToken } from '../auth/sessions';
import { listBetaRequests, listRoleRequests } from '../../sync/api/admin';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { expectMultipart } from '../mail/test-helpers';
import { buildAdmin, buildBetaRequest, buildRoleRequest, buildSignedInUser } from './test-helpers';

let t: TestContext;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
beforeAll(async () => {
  t = await buildTestContext();
  admin = await buildAdmin(t.ctx);
});
afterAll(() => t.close());

const meta = { userAgent: '', ip: '' };
const tokenOf = (cookie: string) => cookie.split('=')[1]!;
const post = (path: string, json?: unknown) => t.request(path, { method: 'POST', json: json ?? {}, cookie: admin.cookie });
const mailTo = (email: string) => t.ctx.db.selectFrom('mailOutbox').selectAll().where('toAddress', '=', email).execute();
const auditFor = (targetId: string) => t.ctx.db.selectFrom('auditLog').selectAll().where('targetId', '=', targetId).execute();

describe('author requests', () => {
  it('lists pending requests with the applicant', async () => {
    const { user } = await buildSignedInUser(t.ctx, { displayName: 'Ada Quill' });
    const request = await buildRoleRequest(t.ctx, user.id, { message: 'My first novel' });
    const body = await answerOf(await t.request('/api/admin/role-requests?role=author&status=pending', { cookie: admin.cookie }), listRoleRequests);
    const row = body.items.find((r) => r.id === request.id);
    expect(row).toMatchObject({ role: 'author', message: 'My first novel', applicant: { displayName: 'Ada Quill', email: user.email } });
  });

  it('approval grants the role, rotates the session, notifies by e-mail and in-app, and audits', async () => {
    const { user, cookie } = await buildSignedInUser(t.ctx);
    const request = await buildRoleRequest(t.ctx, user.id);
    const res = await post(`/api/admin/role-requests/${request.id}/approve`, { note: 'Welcome!' });
    expect(res.status).toBe(200);

    const roles = await t.ctx.db.selectFrom('userRoles').select('role').where('userId', '=', user.id).execute();
    expect(roles.map((r) => r.role)).toEqual(['author']);
    const stored = await t.ctx.db.selectFrom('roleRequests').selectAll().where('id', '=', request.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'approved', note: 'Welcome!', decidedBy: admin.user.id });

    // The applicant's old cookie is replaced on its next request, and carries the new role.
    const validated = await validateSessionToken(t.ctx, tokenOf(cookie), meta);
    expect(validated?.renewed?.token).toBeTruthy();
    expect(validated?.renewed?.token).not.toBe(tokenOf(cookie));
    expect(validated?.user.roles).toEqual(['reader', 'author']);

    const notices = (await pullPage(t.ctx.db, 'notifications', user.id, null, 100)).documents;
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'role_decision', link: '/settings' });
    expect(notices[0]!.title).toMatch(/author/);
    expect(await mailTo(user.email)).toHaveLength(1);

    const [entry] = await auditFor(request.id);
    expect(entry).toMatchObject({ action: 'role_request.approved', actorId: admin.user.id });
  });

  it('deciding twice is a conflict', async () => {
    const { user } = await buildSignedInUser(t.ctx);
    const request = await buildRoleRequest(t.ctx, user.id);
    expect((await post(`/api/admin/role-requests/${request.id}/approve`)).status).toBe(200);
    expect((await post(`/api/admin/role-requests/${request.id}/approve`)).status).toBe(409);
    expect((await post(`/api/admin/role-requests/${request.id}/reject`, { note: 'No' })).status).toBe(409);
    expect(await auditFor(request.id)).toHaveLength(1);
  });

  it('rejection needs a note, notifies and audits, and grants nothing', async () => {
    const { user } = await buildSignedInUser(t.ctx);
    const request = await buildRoleRequest(t.ctx, user.id);
    const missing = await post(`/api/admin/role-requests/${request.id}/reject`, { note: '  ' });
    expect(missing.status).toBe(422);
    expect((await errorOf(missing)).fields?.note).toBeTruthy();
    expect((await post(`/api/admin/role-requests/${request.id}/reject`, { note: 'x'.repeat(1001) })).status).toBe(422);

    expect((await post(`/api/admin/role-requests/${request.id}/reject`, { note: 'Not yet, sorry.' })).status).toBe(200);
    expect(await t.ctx.db.selectFrom('userRoles').select('role').where('userId', '=', user.id).execute()).toHaveLength(0);
    const notices = (await pullPage(t.ctx.db, 'notifications', user.id, null, 100)).documents;
    expect(notices[0]!.body).toContain('Not yet, sorry.');
    expect((await auditFor(request.id)).map((a) => a.action)).toEqual(['role_request.rejected']);
  });

  it('404 for an unknown request', async () => {
    expect((await post('/api/admin/role-requests/nope/approve')).status).toBe(404);
  });
});

describe('publisher requests', () => {
  it('approval creates the named imprint owned by the applicant', async () => {
    const { user } = await buildSignedInUser(t.ctx);
    const request = await buildRoleRequest(t.ctx, user.id, { role: 'publisher', imprintName: 'Lantern Press' });
    expect((await post(`/api/admin/role-requests/${request.id}/approve`)).status).toBe(200);
    const imprint = await t.ctx.db.selectFrom('imprints').selectAll().where('ownerId', '=', user.id).executeTakeFirstOrThrow();
    expect(imprint.name).toBe('Lantern Press');
    const member = await t.ctx.db.selectFrom('imprintMembers').selectAll().where('imprintId', '=', imprint.id).executeTakeFirstOrThrow();
    expect(member).toMatchObject({ userId: user.id, role: 'owner' });
    const roles = await t.ctx.db.selectFrom('userRoles').select('role').where('userId', '=', user.id).execute();
    expect(roles.map((r) => r.role)).toEqual(['publisher']);
    expect(JSON.parse((await auditFor(request.id))[0]!.detail)).toMatchObject({ imprintName: 'Lantern Press' });
  });
});

describe('beta requests', () => {
  it('approval e-mails an invite with a sign-up link and audits', async () => {
    const request = await buildBetaRequest(t.ctx, { email: 'hopeful@example.test' });
    const list = await answerOf(await t.request('/api/admin/beta-requests', { cookie: admin.cookie }), listBetaRequests);
    expect(list.items.map((r) => r.id)).toContain(request.id);

    expect((await post(`/api/admin/beta-requests/${request.id}/approve`, { note: 'See you inside.' })).status).toBe(200);
    const [mail] = await mailTo('hopeful@example.test');
    expect(mail!.textBody).toContain('/auth/callback?code=');
    expect(mail!.textBody).toContain('See you inside.');
    expectMultipart(mail, /http:\/\/quire\.test\/auth\/callback\?code=\S+/);
    expect(mail!.htmlBody).toContain('See you inside.');
    const code = await t.ctx.db.selectFrom('authCodes').select('purpose').where('email', '=', 'hopeful@example.test').executeTakeFirstOrThrow();
    expect(code.purpose).toBe('invite');
    expect((await auditFor(request.id)).map((a) => a.action)).toEqual(['beta_request.approved']);
    expect((await post(`/api/admin/beta-requests/${request.id}/approve`)).status).toBe(409);
  });

  it('rejection e-mails the note', async () => {
    const request = await buildBetaRequest(t.ctx, { email: 'later@example.test' });
    expect((await post(`/api/admin/beta-requests/${request.id}/reject`, {})).status).toBe(422);
    expect((await post(`/api/admin/beta-requests/${request.id}/reject`, { note: 'The beta is full this month.' })).status).toBe(200);
    const [mail] = await mailTo('later@example.test');
    expect(mail!.textBody).toContain('The beta is full this month.');
    expectMultipart(mail, 'http://quire.test/auth/beta-request');
    expect(mail!.htmlBody).toContain('The beta is full this month.');
    const rejected = await answerOf(await t.request('/api/admin/beta-requests?status=rejected', { cookie: admin.cookie }), listBetaRequests);
    expect(rejected.items.map((r) => r.id)).toContain(request.id);
  });
});
