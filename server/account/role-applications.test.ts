import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser } from '../admin/test-helpers';
import { applyForRole, listMyRoleRequests } from '../../sync/api/account';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestContext();
});
afterAll(() => t.close());

const apply = (cookie: string | undefined, json: unknown) => t.request('/api/account/role-requests', { method: 'POST', json, cookie });
const mine = async (cookie: string) => answerOf(await t.request('/api/account/role-requests', { cookie }), listMyRoleRequests);

describe('role applications', () => {
  it('needs a signed-in account', async () => {
    expect((await apply(undefined, { role: 'author', message: 'Hi' })).status).toBe(401);
    expect((await t.request('/api/account/role-requests')).status).toBe(401);
  });

  it('files an author application, lists it newest first, and audits it', async () => {
    const { user, cookie } = await buildSignedInUser(t.ctx);
    const res = await apply(cookie, { role: 'author', message: 'My first novel is nearly done.' });
    expect(res.status).toBe(201);
    const { request } = await answerOf(res, applyForRole);
    expect(request).toMatchObject({ role: 'author', status: 'pending', imprintName: null });
    t.advance(1000);
    await apply(cookie, { role: 'publisher', imprintName: 'Harbour Press', message: 'Small press.' });
    const body = await mine(cookie);
    expect(body.requests.map((r) => r.role)).toEqual(['publisher', 'author']);
    expect(body.roles).toEqual(['reader']);
    const audit = await t.ctx.db.selectFrom('auditLog').selectAll().where('targetId', '=', request.id).execute();
    expect(audit).toMatchObject([{ action: 'role_request.submitted', actorId: user.id }]);
  });

  it('a publisher application needs an imprint name', async () => {
    const { cookie } = await buildSignedInUser(t.ctx);
    for (const imprintName of [undefined, '', ' x ', 'x'.repeat(81)]) {
      const res = await apply(cookie, { role: 'publisher', imprintName, message: 'Hello' });
      expect(res.status).toBe(422);
      expect((await errorOf(res)).fields?.imprintName).toBeTruthy();
    }
    expect((await apply(cookie, { role: 'publisher', imprintName: 'Ink & Oak', message: 'Hello' })).status).toBe(201);
  });

  it('refuses a second pending application for the same role', async () => {
    const { cookie } = await buildSignedInUser(t.ctx);
    expect((await apply(cookie, { role: 'author', message: 'One' })).status).toBe(201);
    expect((await apply(cookie, { role: 'author', message: 'Two' })).status).toBe(409);
    expect((await mine(cookie)).requests).toHaveLength(1);
  });

  it('refuses a role the account already holds', async () => {
    const { cookie } = await buildSignedInUser(t.ctx, { roles: ['author'] });
    expect((await apply(cookie, { role: 'author', message: 'Again' })).status).toBe(409);
  });

  it('may apply again after a rejection, and shows the note', async () => {
    const { cookie } = await buildSignedInUser(t.ctx);
    const { request } = await answerOf(await apply(cookie, { role: 'author', message: 'One' }), applyForRole);
    await t.ctx.db
      .updateTable('roleRequests')
      .set({ status: 'rejected', note: 'Tell us more.', decidedAt: t.ctx.now() })
      .where('id', '=', request.id)
      .execute();
    expect((await apply(cookie, { role: 'author', message: 'More detail' })).status).toBe(201);
    const listed = (await mine(cookie)).requests.find((r) => r.id === request.id);
    expect(listed).toMatchObject({ status: 'rejected', note: 'Tell us more.' });
  });

  it('requires a message and a known role', async () => {
    const { cookie } = await buildSignedInUser(t.ctx);
    expect((await apply(cookie, { role: 'author', message: '  ' })).status).toBe(422);
    expect((await apply(cookie, { role: 'admin', message: 'Let me in' })).status).toBe(422);
  });

  it('an account awaiting deletion cannot apply', async () => {
    const { cookie } = await buildSignedInUser(t.ctx, { status: 'deleting', deletionDueAt: t.ctx.now() + 1000 });
    expect((await apply(cookie, { role: 'author', message: 'Hi' })).status).toBe(403);
  });
});
