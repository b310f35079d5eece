import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser } from '../admin/test-helpers';
import { buildTestContext, type TestContext } from '../test/test-context';
import { notifyUser } from './notify';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestContext();
});
afterAll(() => t.close());

const list = async (cookie: string) => (await t.request('/api/notifications', { cookie })).json();

describe('notifications inbox', () => {
  it('is only for signed-in accounts', async () => {
    expect((await t.request('/api/notifications')).status).toBe(401);
    expect((await t.request('/api/notifications/read-all', { method: 'POST' })).status).toBe(401);
  });

  it('lists own notices newest first with the unread count', async () => {
    const me = await buildSignedInUser(t.ctx);
    const other = await buildSignedInUser(t.ctx);
    await notifyUser(t.ctx, me.user.id, { event: 'role_decision', title: 'First' });
    t.advance(1000);
    await notifyUser(t.ctx, me.user.id, { event: 'role_decision', title: 'Second', link: '/settings' });
    await notifyUser(t.ctx, other.user.id, { event: 'role_decision', title: 'Not yours' });
    const body = await list(me.cookie);
    expect(body.unreadCount).toBe(2);
    expect(body.notifications.map((n: { title: string }) => n.title)).toEqual(['Second', 'First']);
    expect(body.notifications[0]).toMatchObject({ event: 'role_decision', link: '/settings', readAt: null });
  });

  it('marks one read, only when it is your own', async () => {
    const me = await buildSignedInUser(t.ctx);
    const other = await buildSignedInUser(t.ctx);
    await notifyUser(t.ctx, me.user.id, { event: 'role_decision', title: 'Mine' });
    const [notice] = (await list(me.cookie)).notifications;
    const foreign = await t.request(`/api/notifications/${notice.id}/read`, { method: 'POST', cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect((await list(me.cookie)).unreadCount).toBe(1);
    expect((await t.request(`/api/notifications/${notice.id}/read`, { method: 'POST', cookie: me.cookie })).status).toBe(200);
    const after = await list(me.cookie);
    expect(after.unreadCount).toBe(0);
    expect(after.notifications[0].readAt).toBeTypeOf('number');
  });

  it('marks all own notices read and leaves others alone', async () => {
    const me = await buildSignedInUser(t.ctx);
    const other = await buildSignedInUser(t.ctx);
    await notifyUser(t.ctx, me.user.id, { event: 'role_decision', title: 'A' });
    await notifyUser(t.ctx, me.user.id, { event: 'role_decision', title: 'B' });
    await notifyUser(t.ctx, other.user.id, { event: 'role_decision', title: 'C' });
    const res = await t.request('/api/notifications/read-all', { method: 'POST', cookie: me.cookie });
    expect(await res.json()).toEqual({ ok: true, marked: 2 });
    expect((await list(me.cookie)).unreadCount).toBe(0);
    expect((await list(other.cookie)).unreadCount).toBe(1);
  });
});
