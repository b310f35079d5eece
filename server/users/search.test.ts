/** GET /api/users/search: the "New message" picker's prefix match over active accounts. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, buildUser } from '../admin/test-helpers';
import { buildTestContext, type TestContext } from '../test/test-context';

let t: TestContext;
let cookie: string;
let me: string;
beforeAll(async () => {
  t = await buildTestContext();
  const signedIn = await buildSignedInUser(t.ctx, { username: 'searcher', displayName: 'Mara Searcher' });
  cookie = signedIn.cookie;
  me = signedIn.user.id;
});
afterAll(() => t.close());

async function search(q: string, as: string | null = cookie) {
  const res = await t.request(`/api/users/search?q=${encodeURIComponent(q)}`, { cookie: as ?? undefined });
  return { status: res.status, body: (await res.json()) as { people: { id: string; username: string; displayName: string }[] } };
}
const usernames = (body: { people: { username: string }[] }) => body.people.map((p) => p.username);

describe('GET /api/users/search', () => {
  it('matches the start of a display name or a username, case-insensitively', async () => {
    const mara = await buildUser(t.ctx, { username: 'mhart', displayName: 'Mara Hart', email: 'mara@example.test' });
    await buildUser(t.ctx, { username: 'marathon_man', displayName: 'Runner' });
    await buildUser(t.ctx, { username: 'zed', displayName: 'Someone Mara' });
    const { status, body } = await search('mAr');
    expect(status).toBe(200);
    expect(usernames(body).sort()).toEqual(['marathon_man', 'mhart']);
    expect(body.people.find((p) => p.id === mara.id)).toEqual({ id: mara.id, username: 'mhart', displayName: 'Mara Hart' });
    expect(usernames((await search('@MHA')).body)).toEqual(['mhart']);
  });

  it('never matches or returns e-mail addresses', async () => {
    await buildUser(t.ctx, { username: 'quiet_one', displayName: 'Quiet', email: 'secretperson@example.test' });
    expect((await search('secretperson')).body.people).toEqual([]);
    const { body } = await search('quiet');
    expect(JSON.stringify(body)).not.toContain('@example.test');
    expect(Object.keys(body.people[0]!).sort()).toEqual(['displayName', 'id', 'username']);
  });

  it('leaves out suspended and deleted accounts, and the searcher', async () => {
    await buildUser(t.ctx, { username: 'banned_bea', displayName: 'Bea Banned', status: 'suspended' });
    await buildUser(t.ctx, { username: 'gone_bea', displayName: 'Bea Gone', status: 'deleted' });
    await buildUser(t.ctx, { username: 'bea_active', displayName: 'Bea Active' });
    expect(usernames((await search('bea')).body)).toEqual(['bea_active']);
    expect(usernames((await search('Bea B')).body)).toEqual([]);
    expect((await search('searcher')).body.people.map((p) => p.id)).not.toContain(me);
  });

  it('finds a private profile by username only', async () => {
    await buildUser(t.ctx, { username: 'hidden_hal', displayName: 'Private Pat', profileVisibility: 'private' });
    expect((await search('Private')).body.people).toEqual([]);
    expect(usernames((await search('hidden')).body)).toEqual(['hidden_hal']);
  });

  it('treats LIKE wildcards literally and caps the answer at ten', async () => {
    for (let i = 0; i < 12; i++) await buildUser(t.ctx, { username: `crowd_${i}`, displayName: `Crowd ${i}` });
    expect((await search('crowd')).body.people).toHaveLength(10);
    expect((await search('%')).body.people).toEqual([]);
    expect((await search('_')).body.people).toEqual([]);
    expect((await search('   ')).body.people).toEqual([]);
  });

  it('puts an exact username first', async () => {
    await buildUser(t.ctx, { username: 'ivy', displayName: 'Zed Ivy' });
    await buildUser(t.ctx, { username: 'ivy_two', displayName: 'Anna Ivy' });
    expect(usernames((await search('ivy')).body)).toEqual(['ivy', 'ivy_two']);
  });

  it('walks indexes, not the whole users table', async () => {
    const plans = await Promise.all(
      [`SELECT id FROM users WHERE display_name LIKE 'ab%' ESCAPE '\\'`, `SELECT id FROM users WHERE username >= 'ab' AND username < 'ab~'`].map((q) =>
        sql
          .raw(`EXPLAIN QUERY PLAN ${q}`)
          .execute(t.ctx.db)
          .then((r) => r.rows),
      ),
    );
    for (const plan of plans) expect(JSON.stringify(plan)).toMatch(/USING (COVERING )?INDEX/);
  });

  it('needs a session', async () => {
    expect((await search('mara', null)).status).toBe(401);
  });
});
