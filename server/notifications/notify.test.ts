import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPrefs } from '../../sync/api/notifications';
import { buildSignedInUser, buildUser } from '../admin/test-helpers';
import { buildTestContext, type TestContext } from '../test/test-context';
import { notifyUser } from './notify';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestContext();
});
afterAll(() => t.close());

const inApp = (userId: string) => t.ctx.db.selectFrom('notifications').selectAll().where('userId', '=', userId).execute();
const mailTo = (email: string) => t.ctx.db.selectFrom('mailOutbox').selectAll().where('toAddress', '=', email).execute();
const putPrefs = (cookie: string, prefs: unknown) => t.request('/api/account/notification-prefs', { method: 'PUT', json: { prefs }, cookie });

describe('notification preferences', () => {
  it('start at the defaults and are saved', async () => {
    const { cookie } = await buildSignedInUser(t.ctx);
    const initial = await (await t.request('/api/account/notification-prefs', { cookie })).json();
    expect(initial.prefs).toEqual(defaultPrefs());
    const res = await putPrefs(cookie, { messages: { in_app: false, email: true } });
    expect(res.status).toBe(200);
    const again = await (await t.request('/api/account/notification-prefs', { cookie })).json();
    expect(again.prefs.messages).toEqual({ in_app: false, email: true });
    expect(again.prefs.role_decision).toEqual(defaultPrefs().role_decision);
  });

  it('keep security e-mail on and refuse unknown events', async () => {
    const { cookie } = await buildSignedInUser(t.ctx);
    const res = await putPrefs(cookie, { account_security: { in_app: false, email: false } });
    expect((await res.json()).prefs.account_security).toEqual({ in_app: false, email: true });
    expect((await putPrefs(cookie, { lottery: { in_app: true, email: true } })).status).toBe(422);
    expect((await putPrefs(cookie, { messages: { in_app: 'yes' } })).status).toBe(422);
    expect((await t.request('/api/account/notification-prefs')).status).toBe(401);
  });

  it('are honoured by notifyUser: in-app row and e-mail only where on', async () => {
    const { user, cookie } = await buildSignedInUser(t.ctx);
    await putPrefs(cookie, { role_decision: { in_app: true, email: false }, messages: { in_app: false, email: true } });

    await notifyUser(t.ctx, user.id, { event: 'role_decision', title: 'You are an author', body: 'Welcome', link: '/settings' });
    expect(await inApp(user.id)).toMatchObject([{ kind: 'role_decision', title: 'You are an author', body: 'Welcome', link: '/settings', readAt: null }]);
    expect(await mailTo(user.email)).toHaveLength(0);

    await notifyUser(t.ctx, user.id, { event: 'messages', title: 'New message' });
    expect(await inApp(user.id)).toHaveLength(1);
    const [mail] = await mailTo(user.email);
    expect(mail).toMatchObject({ subject: 'New message' });
  });

  it('security e-mail goes out even when someone stored it as off', async () => {
    const user = await buildUser(t.ctx);
    await t.ctx.db.insertInto('notificationPrefs').values({ userId: user.id, event: 'account_security', channel: 'email', enabled: 0 }).execute();
    await notifyUser(t.ctx, user.id, { event: 'account_security', title: 'New sign-in' });
    expect(await mailTo(user.email)).toHaveLength(1);
  });

  it('tells suspended and missing accounts nothing', async () => {
    const user = await buildUser(t.ctx, { status: 'suspended' });
    await notifyUser(t.ctx, user.id, { event: 'role_decision', title: 'Hello' });
    await notifyUser(t.ctx, 'no-such-user', { event: 'role_decision', title: 'Hello' });
    expect(await inApp(user.id)).toHaveLength(0);
    expect(await mailTo(user.email)).toHaveLength(0);
  });
});
