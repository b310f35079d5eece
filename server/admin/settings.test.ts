import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSiteSettings, saveSiteSettings } from '../../sync/api/admin';
import { getSiteInfo } from '../../sync/api/site-info';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { buildAdmin } from './test-helpers';

let t: TestContext;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
beforeAll(async () => {
  t = await buildTestContext();
  admin = await buildAdmin(t.ctx);
});
afterAll(() => t.close());

const put = (json: unknown) => t.request('/api/admin/settings', { method: 'PUT', json, cookie: admin.cookie });
const valid = { siteName: 'Quire Books', signUpMode: 'beta', currency: 'EUR', featureFlags: { 'store.enabled': true } };

describe('/api/admin/settings', () => {
  it('reads defaults with the payment and mail status', async () => {
    const body = await answerOf(await t.request('/api/admin/settings', { cookie: admin.cookie }), getSiteSettings);
    expect(body.settings).toEqual({ siteName: 'Quire', signUpMode: 'open', currency: 'USD', featureFlags: {} });
    expect(body.status.payments.provider).toBe(process.env.STRIPE_SECRET_KEY ? 'stripe' : 'test');
    expect(body.status.mail.transport).toBe('outbox');
  });

  it('saves, round-trips, shows on /api/site and audits the diff', async () => {
    const res = await put(valid);
    expect(res.status).toBe(200);
    expect((await answerOf(res, saveSiteSettings)).settings).toEqual(valid);
    expect((await answerOf(await t.request('/api/admin/settings', { cookie: admin.cookie }), getSiteSettings)).settings).toEqual(valid);
    expect((await answerOf(await t.request('/api/site'), getSiteInfo)).signUpMode).toBe('beta');

    const entry = await t.ctx.db.selectFrom('auditLog').selectAll().where('action', '=', 'site.settings_changed').executeTakeFirstOrThrow();
    expect(JSON.parse(entry.detail)).toEqual({
      siteName: { from: 'Quire', to: 'Quire Books' },
      signUpMode: { from: 'open', to: 'beta' },
      currency: { from: 'USD', to: 'EUR' },
      featureFlags: { from: {}, to: { 'store.enabled': true } },
    });
    // Saving the same values again changes nothing and writes no entry.
    await put(valid);
    expect(await t.ctx.db.selectFrom('auditLog').select('id').where('action', '=', 'site.settings_changed').execute()).toHaveLength(1);
  });

  it('422 with fields for bad input, 400 for malformed JSON', async () => {
    const res = await put({ siteName: '', signUpMode: 'invite-only', currency: 'euro', featureFlags: { 'Bad Flag': 'yes' } });
    expect(res.status).toBe(422);
    const { fields = {} } = await errorOf(res);
    expect(Object.keys(fields).sort()).toEqual(['currency', 'featureFlags.Bad Flag', 'signUpMode', 'siteName']);
    expect((await put({ ...valid, featureFlags: { 'Bad Flag': true } })).status).toBe(422);
    const malformed = await t.request('/api/admin/settings', {
      method: 'PUT',
      body: '{nope',
      headers: { 'content-type': 'application/json' },
      cookie: admin.cookie,
    });
    expect(malformed.status).toBe(400);
  });
});
