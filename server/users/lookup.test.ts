import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, buildUser } from '../admin/test-helpers';
import { buildTestContext, type TestContext } from '../test/test-context';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestContext();
});
afterAll(() => t.close());

const lookup = (username: string, cookie?: string) => t.request(`/api/users/lookup?username=${encodeURIComponent(username)}`, { cookie });

describe('GET /api/users/lookup', () => {
  it('finds an active account by exact username, and nothing else', async () => {
    const { cookie } = await buildSignedInUser(t.ctx);
    const target = await buildUser(t.ctx, { username: 'ada_reads', displayName: 'Ada' });
    const res = await lookup('@Ada_Reads', cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: target.id, username: 'ada_reads', displayName: 'Ada' });
    expect((await lookup('ada', cookie)).status).toBe(404);
    await buildUser(t.ctx, { username: 'gone_user', status: 'deleted' });
    expect((await lookup('gone_user', cookie)).status).toBe(404);
    expect((await lookup('x'.repeat(200), cookie)).status).toBe(404);
  });

  it('needs a session', async () => {
    expect((await lookup('anyone')).status).toBe(401);
  });
});
