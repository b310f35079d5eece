/** The public profile respects profile_visibility and shows public lists only. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildList, buildUser, push } from '../sync/test-helpers';
import { buildTestContext, type TestContext } from '../test/test-context';

let t: TestContext;
let a: string;
let b: string;

beforeEach(async () => {
  t = await buildTestContext();
  a = await buildUser(t.ctx, 'ann');
  b = await buildUser(t.ctx, 'bob');
  await t.ctx.db.updateTable('users').set({ bio: 'Reads at night.' }).where('id', '=', 'ann').execute();
  const lists = ['public', 'unlisted', 'private'].map((visibility) => buildList({ ownerId: 'ann', visibility: visibility as 'public', name: visibility }));
  await push(
    t,
    a,
    lists.map((list) => ({ assumedMasterState: null, newDocumentState: list })),
  );
});
afterEach(async () => t.close());

describe('GET /api/users/:username', () => {
  it('shows a public profile with its public lists only', async () => {
    const res = await t.request('/api/users/ann', { cookie: b });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body).toMatchObject({ visibility: 'public', id: 'ann', username: 'ann', displayName: 'ann', isAuthor: false, bio: 'Reads at night.' });
    expect(body.lists.map((l: { name: string }) => l.name)).toEqual(['public']);
  });

  it('shows only the name of a private profile to others, everything to its owner', async () => {
    await t.ctx.db.updateTable('users').set({ profileVisibility: 'private' }).where('id', '=', 'ann').execute();
    for (const cookie of [b, undefined]) {
      const body = await (await t.request('/api/users/ann', { cookie })).json();
      expect(body).toEqual({ visibility: 'private', id: 'ann', username: 'ann', displayName: 'ann', isAuthor: false });
    }
    const own = (await (await t.request('/api/users/ann', { cookie: a })).json()) as any;
    expect(own).toMatchObject({ visibility: 'public', bio: 'Reads at night.' });
  });

  it('answers 404 for unknown or inactive accounts', async () => {
    expect((await t.request('/api/users/nobody')).status).toBe(404);
    await t.ctx.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', 'bob').execute();
    expect((await t.request('/api/users/bob')).status).toBe(404);
  });
});
