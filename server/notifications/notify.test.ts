import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNotificationPrefs, saveNotificationPrefs } from '../../sync/api/account';
import { defaultPrefs } from '../../sync/api/notifications';
import type { PushResponse } from '../../sync/replication/push';
import { buildSignedInUser, buildUser } from '../admin/test-helpers';
import { answerOf, buildTestContext, type TestContext } from '../test/test-context';
import { pullPage } from '../sync/store';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../sync/replication/protocol-version';
import { notifyUser } from './notify';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestContext();
});
afterAll(() => t.close());

// In-app notices are replicated documents now: what the person's devices would pull.
const inApp = async (userId: string) => (await pullPage(t.ctx.db, 'notifications', userId, null, 100)).documents;
const mailTo = (email: string) => t.ctx.db.selectFrom('mailOutbox').selectAll().where('toAddress', '=', email).execute();
const putPrefs = (cookie: string, prefs: unknown) => t.request('/api/account/notification-prefs', { method: 'PUT', json: { prefs }, cookie });

describe('notification preferences', () => {
  it('start at the defaults and are saved', async () => {
    const { cookie } = await buildSignedInUser(t.ctx);
    const initial = await answerOf(await t.request('/api/account/notification-prefs', { cookie }), getNotificationPrefs);
    expect(initial.prefs).toEqual(defaultPrefs());
    const res = await putPrefs(cookie, { messages: { in_app: false, email: true } });
    expect(res.status).toBe(200);
    const again = await answerOf(await t.request('/api/account/notification-prefs', { cookie }), getNotificationPrefs);
    expect(again.prefs.messages).toEqual({ in_app: false, email: true });
    expect(again.prefs.role_decision).toEqual(defaultPrefs().role_decision);
  });

  it('keep security e-mail on and refuse unknown events', async () => {
    const { cookie } = await buildSignedInUser(t.ctx);
    const res = await putPrefs(cookie, { account_security: { in_app: false, email: false } });
    expect((await answerOf(res, saveNotificationPrefs)).prefs.account_security).toEqual({ in_app: false, email: true });
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

describe('replicated notifications', () => {
  it('reach only their person, live, and may only be marked read', async () => {
    const { user, cookie } = await buildSignedInUser(t.ctx);
    const other = await buildSignedInUser(t.ctx);
    const hints: unknown[] = [];
    const otherHints: unknown[] = [];
    const stop = t.ctx.pubsub.subscribe(user.id, (h) => hints.push(h));
    const stopOther = t.ctx.pubsub.subscribe(other.user.id, (h) => otherHints.push(h));
    await notifyUser(t.ctx, user.id, { event: 'role_decision', title: 'Approved' });
    stop();
    stopOther();
    expect(hints).toMatchObject([{ collection: 'notifications' }]);
    expect(otherHints).toEqual([]);
    expect(await inApp(other.user.id)).toEqual([]);
    const [notice] = await inApp(user.id);
    expect(notice).toMatchObject({ title: 'Approved', userId: user.id, readAt: null });

    const push = async (c: string, doc: unknown, assumed: unknown) => {
      const res = await t.request('/api/sync/notifications/push', {
        method: 'POST',
        cookie: c,
        headers: { [PROTOCOL_HEADER]: String(PROTOCOL_VERSION) },
        json: { rows: [{ assumedMasterState: assumed, newDocumentState: doc }] },
      });
      return (await res.json()) as PushResponse;
    };
    expect((await push(cookie, { ...notice, title: 'Forged' }, notice)).rejected).toHaveLength(1);
    expect((await push(other.cookie, { ...notice, readAt: 5 }, notice)).rejected).toHaveLength(1);
    expect((await push(cookie, { ...notice, id: 'made-up' }, null)).rejected).toHaveLength(1);
    expect((await push(cookie, { ...notice, readAt: 5, updatedAt: 5 }, notice)).rejected).toEqual([]);
    expect((await inApp(user.id))[0]).toMatchObject({ readAt: 5 });
  });
});
