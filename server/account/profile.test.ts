import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, buildUser } from '../admin/test-helpers';
import { getProfile, updateProfile } from '../../sync/api/account';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestContext();
});
afterAll(() => t.close());

const patch = (cookie: string, json: unknown) => t.request('/api/account/profile', { method: 'PATCH', json, cookie });

describe('profile', () => {
  it('is only for signed-in accounts', async () => {
    expect((await t.request('/api/account/profile')).status).toBe(401);
    expect((await patch('', { bio: 'x' })).status).toBe(401);
  });

  it('reads and updates the own profile', async () => {
    const { user, cookie } = await buildSignedInUser(t.ctx);
    const res = await patch(cookie, {
      displayName: '  Ada Quill ',
      username: 'Ada_Quill',
      bio: 'I write about the sea.',
      avatarUrl: 'https://example.test/ada.png',
      profileVisibility: 'private',
    });
    expect(res.status).toBe(200);
    const { profile } = await answerOf(res, updateProfile);
    expect(profile).toMatchObject({
      displayName: 'Ada Quill',
      username: 'ada_quill',
      bio: 'I write about the sea.',
      avatarUrl: 'https://example.test/ada.png',
      profileVisibility: 'private',
      email: user.email,
    });
    const again = await answerOf(await t.request('/api/account/profile', { cookie }), getProfile);
    expect(again.profile.username).toBe('ada_quill');
    // An empty avatar clears it.
    expect((await answerOf(await patch(cookie, { avatarUrl: '' }), updateProfile)).profile.avatarUrl).toBe('');
  });

  it('refuses a username someone else has with 409 on the field', async () => {
    await buildUser(t.ctx, { username: 'taken_name' });
    const { cookie } = await buildSignedInUser(t.ctx);
    const res = await patch(cookie, { username: 'Taken_Name' });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).fields?.username).toMatch(/taken/);
  });

  it('keeps the own username without a conflict', async () => {
    const { user, cookie } = await buildSignedInUser(t.ctx);
    expect((await patch(cookie, { username: user.username })).status).toBe(200);
  });

  it('validates each field with a message next to it', async () => {
    const { cookie } = await buildSignedInUser(t.ctx);
    const res = await patch(cookie, { username: 'a b', bio: 'x'.repeat(1001), avatarUrl: 'http://example.test/a.png', profileVisibility: 'friends' });
    expect(res.status).toBe(422);
    const { fields = {} } = await errorOf(res);
    expect(Object.keys(fields).sort()).toEqual(['avatarUrl', 'bio', 'profileVisibility', 'username']);
    expect((await patch(cookie, { username: 'ab' })).status).toBe(422);
    expect((await patch(cookie, { avatarUrl: 'javascript:alert(1)' })).status).toBe(422);
  });

  it('refuses the team’s names as a new username or display name, 422 on the field', async () => {
    const { cookie } = await buildSignedInUser(t.ctx);
    for (const json of [{ username: 'quire-team' }, { displayName: 'QUIRE support' }, { displayName: 'Admin' }, { displayName: 'Quіre' }]) {
      const res = await patch(cookie, json);
      expect(res.status, JSON.stringify(json)).toBe(422);
      const field = Object.keys(json)[0]!;
      expect((await errorOf(res)).fields?.[field]).toMatch(/kept for the Quire team/);
    }
  });

  it('lets an account named before the rule change the rest of its profile', async () => {
    const { cookie } = await buildSignedInUser(t.ctx, { username: 'admin', displayName: 'Alex Admin' });
    const res = await patch(cookie, { bio: 'Still here.' });
    expect(res.status).toBe(200);
    expect((await answerOf(res, updateProfile)).profile).toMatchObject({ username: 'admin', displayName: 'Alex Admin', bio: 'Still here.' });
  });
});
