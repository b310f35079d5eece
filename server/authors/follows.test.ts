/** The `follows` collection's rules through the real sync routes: whose follow it is, whom it may name. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followId } from '../../sync/collections/follows';
import { buildSignedInUser, buildUser } from '../admin/test-helpers';
import { pull, push } from '../sync/test-helpers';
import { buildTestContext, type TestContext } from '../test/test-context';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(async () => t.close());

const doc = (ownerId: string, authorId: string, id = followId(ownerId, authorId)) => ({ id, ownerId, authorId, authorName: 'A', followedAt: 1, updatedAt: 1 });
const create = (d: ReturnType<typeof doc>) => ({ assumedMasterState: null, newDocumentState: { ...d, _deleted: false } });
const remove = (d: ReturnType<typeof doc>) => ({ assumedMasterState: { ...d, _deleted: false }, newDocumentState: { ...d, updatedAt: 2, _deleted: true } });
const codes = (r: { rejected: { code: string }[] }) => r.rejected.map((x) => x.code);

describe('follows', () => {
  it('are the owner’s alone: pulled by their devices only, never written for someone else', async () => {
    const author = await buildUser(t.ctx, { roles: ['author'] });
    const me = await buildSignedInUser(t.ctx);
    const other = await buildSignedInUser(t.ctx);
    expect(codes(await push(t, me.cookie, [create(doc(me.user.id, author.id))], 'follows'))).toEqual([]);
    // My second device pulls it; nobody else does.
    expect((await pull(t, me.cookie, null, 100, 'follows')).documents).toMatchObject([{ ownerId: me.user.id, authorId: author.id, _deleted: false }]);
    expect((await pull(t, other.cookie, null, 100, 'follows')).documents).toEqual([]);
    // Another account can neither follow in my name, nor take my entry's id, nor unfollow for me.
    expect(codes(await push(t, other.cookie, [create(doc(me.user.id, author.id, followId(other.user.id, author.id)))], 'follows'))).toEqual(['forbidden']);
    expect(codes(await push(t, other.cookie, [create(doc(other.user.id, author.id, followId(me.user.id, author.id)))], 'follows'))).toEqual(['forbidden']);
    expect(codes(await push(t, other.cookie, [remove(doc(me.user.id, author.id))], 'follows'))).toEqual(['forbidden']);
  });

  it('name an active account other than oneself; unfollowing always works', async () => {
    const me = await buildSignedInUser(t.ctx);
    const suspended = await buildUser(t.ctx, { roles: ['author'], status: 'suspended' });
    const author = await buildUser(t.ctx, { roles: ['author'] });
    expect(codes(await push(t, me.cookie, [create(doc(me.user.id, 'no-such-account'))], 'follows'))).toEqual(['forbidden']);
    expect(codes(await push(t, me.cookie, [create(doc(me.user.id, suspended.id))], 'follows'))).toEqual(['forbidden']);
    expect(codes(await push(t, me.cookie, [create(doc(me.user.id, me.user.id))], 'follows'))).toEqual(['forbidden']);

    expect(codes(await push(t, me.cookie, [create(doc(me.user.id, author.id))], 'follows'))).toEqual([]);
    await t.ctx.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', author.id).execute();
    expect(codes(await push(t, me.cookie, [remove(doc(me.user.id, author.id))], 'follows'))).toEqual([]);
  });
});
