/** GET /api/users/search: the "New message" picker's match over active accounts' usernames and name words. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, buildUser } from '../admin/test-helpers';
import { peopleIndex } from '../search/people-index';
import { buildTestContext, type TestContext } from '../test/test-context';
import { queryPlan } from '../test/query-plan';
import { engineOf } from '../db/engine';

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
  it('matches the start of a username or of any word of a display name, case-insensitively', async () => {
    const mara = await buildUser(t.ctx, { username: 'mhart', displayName: 'Mara Hart', email: 'mara@example.test' });
    await buildUser(t.ctx, { username: 'marathon_man', displayName: 'Runner' });
    await buildUser(t.ctx, { username: 'zed', displayName: 'Someone Mara' });
    await buildUser(t.ctx, { username: 'amara', displayName: 'Amara Nwosu' });
    const { status, body } = await search('mAr');
    expect(status).toBe(200);
    // The name that starts with it first; a word inside a name counts, a word's middle does not.
    expect(usernames(body)).toEqual(['mhart', 'marathon_man', 'zed']);
    expect(body.people.find((p) => p.id === mara.id)).toEqual({ id: mara.id, username: 'mhart', displayName: 'Mara Hart' });
    expect(usernames((await search('@MHA')).body)).toEqual(['mhart']);
  });

  it('finds a later word of a name, words in any order, accents folded', async () => {
    await buildUser(t.ctx, { username: 'countess', displayName: 'Ada Lovelace' });
    await buildUser(t.ctx, { username: 'jm', displayName: 'José Müller' });
    await buildUser(t.ctx, { username: 'zoe_a', displayName: 'Zoë Ångström-Ørsted' });
    expect(usernames((await search('lov')).body)).toEqual(['countess']);
    expect(usernames((await search('lovelace ada')).body)).toEqual(['countess']);
    expect(usernames((await search('jose')).body)).toEqual(['jm']);
    expect(usernames((await search('muller')).body)).toEqual(['jm']);
    expect(usernames((await search('MÜLL')).body)).toEqual(['jm']);
    expect(usernames((await search('zoe angst')).body)).toEqual(['zoe_a']);
    expect(usernames((await search('ada lovelace x')).body)).toEqual([]);
    // Each typed word starts a word of its own: "ada a" is not "Ada Lovelace".
    expect(usernames((await search('ada a')).body)).toEqual([]);
    expect(usernames((await search('ada l')).body)).toEqual(['countess']);
    // One letter searches usernames only: every name word with that letter is not an answer.
    expect(usernames((await search('l')).body)).toEqual([]);
  });

  it('follows renames, privacy changes and suspensions as they happen', async () => {
    const pia = await buildUser(t.ctx, { username: 'pia_k', displayName: 'Pia Kowalski' });
    expect(usernames((await search('kowal')).body)).toEqual(['pia_k']);
    await t.ctx.db.updateTable('users').set({ displayName: 'Pia Nowak' }).where('id', '=', pia.id).execute();
    expect(usernames((await search('kowal')).body)).toEqual([]);
    expect(usernames((await search('nowak')).body)).toEqual(['pia_k']);
    await t.ctx.db.updateTable('users').set({ profileVisibility: 'private' }).where('id', '=', pia.id).execute();
    expect(usernames((await search('nowak')).body)).toEqual([]);
    await t.ctx.db.updateTable('users').set({ profileVisibility: 'public' }).where('id', '=', pia.id).execute();
    expect(usernames((await search('nowak')).body)).toEqual(['pia_k']);
    await t.ctx.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', pia.id).execute();
    expect(usernames((await search('nowak')).body)).toEqual([]);
    await t.ctx.db.deleteFrom('users').where('id', '=', pia.id).execute();
    // SQLite's index is a table that triggers keep in step: FTS5 checks it against itself.
    // (PostgreSQL's is an index on users, which the engine keeps.)
    if (engineOf(t.ctx.db) === 'SQLite') await sql`INSERT INTO people_search (people_search) VALUES ('integrity-check')`.execute(t.ctx.db);
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
    const byUsername = await queryPlan(
      t.ctx.db,
      t.ctx.db.selectFrom('users').select('id').where('username', '>=', 'ab').where('username', '<', 'ab~').compile(),
    );
    expect(byUsername.scans, byUsername.text).toEqual([]);
    const index = peopleIndex(t.ctx.db);
    const byName = await queryPlan(
      t.ctx.db,
      sql`SELECT users.id FROM users JOIN ${index.matchingPeople(index.nameMatch('lov')!)} AS m ON ${index.personKey} = m.key
      WHERE users.status = 'active' ORDER BY users.display_name LIMIT 10`.compile(t.ctx.db),
    );
    // SQLite must start from the name index; PostgreSQL's planner may start from another index on
    // a test's few rows — either way no table is read end to end.
    if (engineOf(t.ctx.db) === 'SQLite') expect(byName.indexes, byName.text).toContain('people_search');
    else expect(byName.indexes, byName.text).not.toEqual([]);
    expect(byName.scans, byName.text).not.toContain('users');
  });

  it('needs a session', async () => {
    expect((await search('mara', null)).status).toBe(401);
  });
});
