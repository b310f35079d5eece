import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manuscripts, type Manuscript } from '../../../sync/collections/manuscripts';
import { applyPush } from '../../sync/push';
import { asWriter, buildUser } from '../../sync/test-helpers';
import { buildTestContext, type TestContext } from '../../test/test-context';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
  await buildUser(t.ctx, 'owner', ['author']);
  await buildUser(t.ctx, 'ada');
  await buildUser(t.ctx, 'bo');
});
afterEach(async () => t.close());

const manuscript = (members: Manuscript['members'], title = 'The Harbour'): Manuscript & { _deleted: boolean } => ({
  id: 'm1',
  ownerId: 'owner',
  ownerName: 'owner',
  title,
  members,
  memberIds: members.map((m) => m.userId),
  createdAt: 1,
  updatedAt: 1,
  _deleted: false,
});

async function ownerPushes(previous: Manuscript | null, next: Manuscript) {
  const result = await applyPush(t.ctx, manuscripts as never, asWriter({ id: 'owner', displayName: 'Owner', roles: ['author'] }), [
    { assumedMasterState: previous, newDocumentState: next } as never,
  ]);
  expect(result.rejected).toEqual([]);
}

const notices = async () =>
  (await t.ctx.db.selectFrom('syncDocs').select('doc').where('collection', '=', 'notifications').execute()).map(
    (n) => JSON.parse(n.doc) as { userId: string; kind: string; title: string; link: string },
  );

describe('co-authors added by username', () => {
  it('hear about it once, with a link to the manuscript', async () => {
    const first = manuscript([{ userId: 'ada', username: 'ada', role: 'editor' }]);
    await ownerPushes(null, first);
    await expect
      .poll(notices)
      .toEqual([expect.objectContaining({ userId: 'ada', kind: 'co_authoring', title: '@owner added you to “The Harbour”', link: '/editor/m1' })]);

    // A retitle announces nothing; adding Bo announces Bo only.
    const second = { ...manuscript([...first.members, { userId: 'bo', username: 'bo', role: 'viewer' }], 'The Harbour Wall'), updatedAt: 2 };
    await ownerPushes(first, second);
    await expect.poll(async () => (await notices()).map((n) => n.userId).sort()).toEqual(['ada', 'bo']);
  });
});
