/** Double opt-in (expiry, replay), my subscriptions, and the one-click token's reach. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authorNewsletterId, mySubscriptions, SITE_NEWSLETTER } from '../../sync/api/newsletter';
import { buildSignedInUser } from '../admin/test-helpers';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { expectMultipart } from '../mail/test-helpers';
import { confirmTokenFor, subscribeAndConfirm } from './test-helpers';
import { unsubscribeToken } from './tokens';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(() => t.close());

const HOUR = 3_600_000;
const subscribeBody = (email: string, newsletterId = SITE_NEWSLETTER) => ({ method: 'POST', json: { newsletterId, email } });
const statusOf = async (email: string) =>
  (await t.ctx.db.selectFrom('newsletterSubscriptions').select('status').where('email', '=', email).executeTakeFirstOrThrow()).status;

describe('double opt-in', () => {
  it('keeps a signed-out address pending until its link is used, then refuses the same link again', async () => {
    const res = await t.request('/api/newsletter/subscribe', subscribeBody('Reader@Example.test'));
    expect(res.status).toBe(202);
    expect(await statusOf('reader@example.test')).toBe('pending');
    const token = await confirmTokenFor(t, 'reader@example.test');
    const mail = await t.ctx.db.selectFrom('mailOutbox').selectAll().where('toAddress', '=', 'reader@example.test').executeTakeFirst();
    expectMultipart(mail, `http://quire.test/newsletter/confirm?token=${token}`);
    // Only the hash is stored.
    const stored = await t.ctx.db.selectFrom('newsletterSubscriptions').select('confirmHash').executeTakeFirstOrThrow();
    expect(stored.confirmHash).not.toContain(token);

    const ok = await t.request('/api/newsletter/confirm', { method: 'POST', json: { token } });
    expect(ok.status).toBe(200);
    expect(await statusOf('reader@example.test')).toBe('active');

    const replay = await t.request('/api/newsletter/confirm', { method: 'POST', json: { token } });
    expect(replay.status).toBe(400);
    expect(await errorOf(replay)).toMatchObject({ reason: 'used', message: expect.stringContaining('used already') });
  });

  it('refuses a link past its 48 hours, and a new request sends a link that works', async () => {
    await t.request('/api/newsletter/subscribe', subscribeBody('late@example.test'));
    const old = await confirmTokenFor(t, 'late@example.test');
    t.advance(49 * HOUR);
    const res = await t.request('/api/newsletter/confirm', { method: 'POST', json: { token: old } });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ reason: 'expired', message: expect.stringContaining('expired') });
    expect(await statusOf('late@example.test')).toBe('pending');

    await t.request('/api/newsletter/subscribe', subscribeBody('late@example.test'));
    const fresh = await confirmTokenFor(t, 'late@example.test');
    expect(fresh).not.toBe(old);
    expect((await t.request('/api/newsletter/confirm', { method: 'POST', json: { token: old } })).status).toBe(400);
    expect((await t.request('/api/newsletter/confirm', { method: 'POST', json: { token: fresh } })).status).toBe(200);
  });

  it('answers the same whether or not the address is already subscribed, and mails an active one nothing', async () => {
    await subscribeAndConfirm(t, 'twice@example.test');
    const before = await t.ctx.db.selectFrom('mailOutbox').select('id').where('toAddress', '=', 'twice@example.test').execute();
    const again = await t.request('/api/newsletter/subscribe', subscribeBody('twice@example.test'));
    expect(again.status).toBe(202);
    const after = await t.ctx.db.selectFrom('mailOutbox').select('id').where('toAddress', '=', 'twice@example.test').execute();
    expect(after.length).toBe(before.length);
  });

  it('says which field is wrong, and that a newsletter does not exist', async () => {
    const bad = await t.request('/api/newsletter/subscribe', subscribeBody('not-an-address'));
    expect(bad.status).toBe(422);
    expect((await errorOf(bad)).fields?.email).toMatch(/valid e-mail/);
    const none = await t.request('/api/newsletter/subscribe', subscribeBody('a@example.test'));
    expect(none.status).toBe(202);
    expect((await t.request('/api/newsletter/subscribe', subscribeBody('a@example.test', 'author:nobody'))).status).toBe(404);
  });
});

describe('subscriptions of a signed-in reader', () => {
  it('subscribes to an author with the account address, lists it, and leaves', async () => {
    const author = await buildSignedInUser(t.ctx, { roles: ['author'], displayName: 'Nell Finch' });
    const reader = await buildSignedInUser(t.ctx, { email: 'mine@example.test' });
    const res = await t.request('/api/newsletter/subscribe', {
      method: 'POST',
      json: { newsletterId: authorNewsletterId(author.user.id) },
      cookie: reader.cookie,
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ newsletterName: 'Nell Finch' });
    await t.request('/api/newsletter/confirm', { method: 'POST', json: { token: await confirmTokenFor(t, 'mine@example.test') } });

    const list = await answerOf(await t.request('/api/newsletter/subscriptions', { cookie: reader.cookie }), mySubscriptions);
    expect(list.subscriptions).toMatchObject([{ newsletterName: 'Nell Finch', status: 'active', email: 'mine@example.test' }]);
    const id = list.subscriptions[0]!.id;
    // Someone else's session cannot touch it.
    expect((await t.request(`/api/newsletter/subscriptions/${id}`, { method: 'DELETE', cookie: author.cookie })).status).toBe(404);
    expect((await t.request(`/api/newsletter/subscriptions/${id}`, { method: 'DELETE', cookie: reader.cookie })).status).toBe(204);
    expect(await statusOf('mine@example.test')).toBe('unsubscribed');
  });
});

describe('one-click unsubscribe tokens', () => {
  it('unsubscribe only the subscription they name; a forged or edited token is refused', async () => {
    await subscribeAndConfirm(t, 'one@example.test');
    await subscribeAndConfirm(t, 'two@example.test');
    const [one, two] = await Promise.all(
      ['one@example.test', 'two@example.test'].map((e) =>
        t.ctx.db.selectFrom('newsletterSubscriptions').select('id').where('email', '=', e).executeTakeFirstOrThrow(),
      ),
    );
    const token = await unsubscribeToken(t.ctx.db, one!.id, '');
    const edited = token.replace(one!.id, two!.id);
    const post = (tk: string) => t.app.request(`http://quire.test/api/newsletter/unsubscribe?token=${encodeURIComponent(tk)}`, { method: 'POST' });
    expect((await post(edited)).status).toBe(400);
    expect((await post('x.y.z')).status).toBe(400);
    expect(await statusOf('two@example.test')).toBe('active');
    expect((await post(token)).status).toBe(200);
    expect((await post(token)).status).toBe(200);
    expect(await statusOf('one@example.test')).toBe('unsubscribed');
    expect(await statusOf('two@example.test')).toBe('active');
  });
});
