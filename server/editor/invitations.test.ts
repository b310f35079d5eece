/**
 * Co-author invitations by e-mail against a real SQLite file: an existing account becomes a member
 * (and is told), an unknown address gets an invitation that turns into membership when the account
 * is created and verified, the inviter's answer is the same either way, only the owner invites,
 * lists and revokes, and inviting is rate-limited.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVITE_SENT_MESSAGE } from '../../sync/api/invitations';
import { manuscripts, type Manuscript } from '../../sync/collections/manuscripts';
import { manuscriptChapters, type ManuscriptChapter } from '../../sync/collections/manuscript-chapters';
import { buildSignedInUser } from '../admin/test-helpers';
import { latestCode, mailsTo, post, uniqueUser } from '../auth/test-helpers';
import { applyPush } from '../sync/push';
import { asWriter } from '../sync/test-helpers';
import { readDoc } from '../sync/store';
import { claimInvitations } from './invitations';
import { buildTestContext, type TestContext } from '../test/test-context';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(async () => t.close());

async function ownManuscript() {
  const owner = await buildSignedInUser(t.ctx, { username: `owner_${Math.random().toString(36).slice(2, 8)}`, roles: ['author'] });
  const m = { id: `ms-${owner.user.id}`, ownerId: owner.user.id, ownerName: owner.user.username, title: 'The Harbour', members: [], memberIds: [], createdAt: 1, updatedAt: 1, _deleted: false };
  const c = { id: `ch-${owner.user.id}`, manuscriptId: m.id, ownerId: owner.user.id, memberIds: [], editorIds: [], title: 'One', position: 0, wordCount: 0, createdAt: 1, updatedAt: 1, _deleted: false };
  expect((await applyPush(t.ctx, manuscripts, asWriter(owner.user), [{ assumedMasterState: null, newDocumentState: m } as never])).rejected).toEqual([]);
  expect((await applyPush(t.ctx, manuscriptChapters, asWriter(owner.user), [{ assumedMasterState: null, newDocumentState: c } as never])).rejected).toEqual([]);
  return { owner, manuscriptId: m.id, chapterId: c.id };
}

function invite(manuscriptId: string, cookie: string, json: unknown) {
  return t.request(`/api/manuscripts/${manuscriptId}/invitations`, { method: 'POST', json, cookie });
}

async function manuscript(id: string) {
  return (await readDoc(t.ctx.db, 'manuscripts', id))!.doc as Manuscript;
}

describe('inviting co-authors by e-mail', () => {
  it('adds an existing account at once, with a notification and an e-mail', async () => {
    const { owner, manuscriptId, chapterId } = await ownManuscript();
    const invitee = await buildSignedInUser(t.ctx, { email: 'ada@example.test', username: 'ada' });
    const res = await invite(manuscriptId, owner.cookie, { email: ' Ada@Example.test ', role: 'commenter' });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: INVITE_SENT_MESSAGE });

    expect((await manuscript(manuscriptId)).members).toEqual([{ userId: invitee.user.id, username: 'ada', role: 'commenter' }]);
    const chapter = (await readDoc(t.ctx.db, 'manuscript-chapters', chapterId))!.doc as ManuscriptChapter;
    expect(chapter).toMatchObject({ memberIds: [invitee.user.id], editorIds: [] });
    const notes = await t.ctx.db.selectFrom('syncDocs').select('doc').where('collection', '=', 'notifications').execute();
    expect(notes.map((n) => JSON.parse(n.doc))).toContainEqual(expect.objectContaining({ userId: invitee.user.id, kind: 'co_authoring', link: `/editor/${manuscriptId}` }));
    expect((await mailsTo(t, 'ada@example.test'))[0]?.subject).toMatch(/added you to “The Harbour”/);
    // Nothing pending: the account is a member already.
    const list = await t.request(`/api/manuscripts/${manuscriptId}/invitations`, { cookie: owner.cookie });
    expect(await list.json()).toEqual({ invitations: [] });
  });

  it('answers an unknown address the same way, mails a sign-up link, and turns the invitation into membership at verification', async () => {
    const { owner, manuscriptId } = await ownManuscript();
    const stranger = uniqueUser('newcomer');
    const res = await invite(manuscriptId, owner.cookie, { email: stranger.email, role: 'editor' });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: INVITE_SENT_MESSAGE });
    const [mail] = await mailsTo(t, stranger.email);
    expect(mail?.subject).toMatch(/invites you to write “The Harbour”/);
    expect(mail?.textBody).toContain(`http://quire.test/auth?mode=signup&email=${encodeURIComponent(stranger.email)}`);

    const list = await (await t.request(`/api/manuscripts/${manuscriptId}/invitations`, { cookie: owner.cookie })).json();
    expect(list).toEqual({ invitations: [expect.objectContaining({ email: stranger.email, role: 'editor' })] });

    // Signing up alone is not enough: the address must be proven first.
    expect((await post(t, '/sign-up', stranger)).status).toBe(202);
    expect((await manuscript(manuscriptId)).members).toEqual([]);
    expect((await post(t, '/callback', { code: await latestCode(t, stranger.email, /Confirm/) })).status).toBe(200);
    const account = await t.ctx.db.selectFrom('users').select('id').where('email', '=', stranger.email).executeTakeFirstOrThrow();
    expect((await manuscript(manuscriptId)).members).toEqual([{ userId: account.id, username: stranger.username, role: 'editor' }]);
    const after = await (await t.request(`/api/manuscripts/${manuscriptId}/invitations`, { cookie: owner.cookie })).json();
    expect(after).toEqual({ invitations: [] });
  });

  it('claims an invitation at sign-in for an account that verified its address earlier', async () => {
    const { owner, manuscriptId } = await ownManuscript();
    const user = uniqueUser('late');
    // The invitation row exists before the account (e.g. invited while their sign-up was pending).
    await t.ctx.db.insertInto('manuscriptInvitations').values({ id: 'inv-1', manuscriptId, inviterId: owner.user.id, email: user.email, role: 'viewer', createdAt: 1 }).execute();
    await post(t, '/sign-up', user);
    await t.ctx.db.updateTable('users').set({ emailVerifiedAt: 1 }).where('email', '=', user.email).execute();
    expect((await post(t, '/sign-in', { email: user.email, password: user.password })).status).toBe(200);
    expect((await manuscript(manuscriptId)).members.map((m) => m.role)).toEqual(['viewer']);
  });

  it('does not add an account whose address is unverified until it is proven', async () => {
    const { owner, manuscriptId } = await ownManuscript();
    const squatter = await buildSignedInUser(t.ctx, { email: 'someone@example.test', emailVerifiedAt: null });
    expect((await invite(manuscriptId, owner.cookie, { email: 'someone@example.test', role: 'editor' })).status).toBe(202);
    expect((await manuscript(manuscriptId)).members).toEqual([]);
    const { invitations } = (await (await t.request(`/api/manuscripts/${manuscriptId}/invitations`, { cookie: owner.cookie })).json()) as { invitations: unknown[] };
    expect(invitations).toHaveLength(1);
    // Proving the address (a sign-in link counts) claims it.
    await t.ctx.db.updateTable('users').set({ emailVerifiedAt: 1 }).where('id', '=', squatter.user.id).execute();
    expect(await claimInvitations(t.ctx, squatter.user.id)).toBe(1);
    expect((await manuscript(manuscriptId)).memberIds).toEqual([squatter.user.id]);
  });

  it('lets only the owner invite, list and revoke', async () => {
    const { owner, manuscriptId } = await ownManuscript();
    const other = await buildSignedInUser(t.ctx);
    expect((await invite(manuscriptId, other.cookie, { email: 'x@example.test', role: 'viewer' })).status).toBe(404);
    expect((await invite('no-such-manuscript', owner.cookie, { email: 'x@example.test', role: 'viewer' })).status).toBe(404);
    await invite(manuscriptId, owner.cookie, { email: other.user.email, role: 'editor' });
    // Now a co-author, but still not the owner.
    expect((await invite(manuscriptId, other.cookie, { email: 'x@example.test', role: 'viewer' })).status).toBe(403);
    expect((await t.request(`/api/manuscripts/${manuscriptId}/invitations`, { cookie: other.cookie })).status).toBe(403);
    expect((await t.request(`/api/manuscripts/${manuscriptId}/invitations`)).status).toBe(401);

    const bad = await invite(manuscriptId, owner.cookie, { email: 'not an address', role: 'boss' });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toMatchObject({ email: expect.any(String), role: 'Choose a role.' });

    await invite(manuscriptId, owner.cookie, { email: 'pending@example.test', role: 'viewer' });
    const { invitations } = (await (await t.request(`/api/manuscripts/${manuscriptId}/invitations`, { cookie: owner.cookie })).json()) as { invitations: { id: string }[] };
    expect(invitations).toHaveLength(1);
    const path = `/api/manuscripts/${manuscriptId}/invitations/${invitations[0]!.id}`;
    expect((await t.request(path, { method: 'DELETE', cookie: other.cookie })).status).toBe(403);
    expect((await t.request(path, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect((await t.request(path, { method: 'DELETE', cookie: owner.cookie })).status).toBe(404);
    // A revoked invitation is not claimed by a later sign-up.
    const user = { ...uniqueUser('revoked'), email: 'pending@example.test' };
    await post(t, '/sign-up', user);
    await post(t, '/callback', { code: await latestCode(t, user.email, /Confirm/) });
    expect((await manuscript(manuscriptId)).members.map((m) => m.userId)).toEqual([other.user.id]);
  });

  it('rate-limits invitations per account with 429', async () => {
    const { owner, manuscriptId } = await ownManuscript();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await invite(manuscriptId, owner.cookie, { email: `guest${i}@example.test`, role: 'viewer' })).status);
    expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
    const last = await invite(manuscriptId, owner.cookie, { email: 'one-more@example.test', role: 'viewer' });
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toBeTruthy();
  });
});
