/**
 * Co-author invitations by e-mail against a real SQLite file: every address — with an account or
 * not — gets a pending invitation, and the inviter sees exactly the same either way (answers,
 * pending list, replicated manuscript) until the invitee accepts; accepting makes membership,
 * declining and revoking end the invitation; only the owner invites, lists and revokes, only the
 * invitee accepts or declines, and inviting is rate-limited.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVITE_SENT_MESSAGE } from '../../../sync/api/invitations';
import { manuscripts, type Manuscript } from '../../../sync/collections/manuscripts';
import { manuscriptChapters, type ManuscriptChapter } from '../../../sync/collections/manuscript-chapters';
import { buildSignedInUser } from '../../admin/test-helpers';
import { latestCode, mailsTo, post, uniqueUser } from '../../auth/test-helpers';
import type { PendingInvitationsResponse } from '../../../sync/api/invitations';
import type { MyInvitationsResponse } from '../../../sync/api/my-invitations';
import { applyPush } from '../../sync/push';
import { asWriter } from '../../sync/test-helpers';
import { readDoc } from '../../sync/store';
import { buildTestContext, type TestContext } from '../../test/test-context';
import { expectMultipart } from '../../mail/test-helpers';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(async () => t.close());

async function ownManuscript() {
  const owner = await buildSignedInUser(t.ctx, { username: `owner_${Math.random().toString(36).slice(2, 8)}`, roles: ['author'] });
  const m = {
    id: `ms-${owner.user.id}`,
    ownerId: owner.user.id,
    ownerName: owner.user.username,
    title: 'The Harbour',
    members: [],
    memberIds: [],
    createdAt: 1,
    updatedAt: 1,
    _deleted: false,
  };
  const c = {
    id: `ch-${owner.user.id}`,
    manuscriptId: m.id,
    ownerId: owner.user.id,
    memberIds: [],
    editorIds: [],
    title: 'One',
    position: 0,
    wordCount: 0,
    createdAt: 1,
    updatedAt: 1,
    _deleted: false,
  };
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
  /** What the inviter can observe: the answer, the pending list, the replicated documents. */
  async function inviterView(manuscriptId: string, chapterId: string, cookie: string, email: string) {
    // Every stored column of both documents and who receives them; the ids that differ between two
    // manuscripts are left out, and the server's version is compared with its value before.
    const replicated = async () => {
      const rows = await t.ctx.db.selectFrom('syncDocs').selectAll().where('id', 'in', [manuscriptId, chapterId]).execute();
      const audience = await t.ctx.db.selectFrom('syncAudience').select(['collection', 'userId']).where('docId', 'in', [manuscriptId, chapterId]).execute();
      return ['manuscripts', 'manuscript-chapters'].map((collection) => {
        const { id: _id, doc, ...row } = rows.find((r) => r.collection === collection)!;
        const { ownerId: _o, ownerName: _n, id: _i, manuscriptId: _m, ...fields } = JSON.parse(doc) as Record<string, unknown>;
        return { ...row, doc: fields, audience: audience.filter((x) => x.collection === collection).length };
      });
    };
    const before = await replicated();
    const res = await invite(manuscriptId, cookie, { email, role: 'commenter' });
    await t.worker.drain(); // whatever the invitation does later, too
    const list = (await (await t.request(`/api/manuscripts/${manuscriptId}/invitations`, { cookie })).json()) as PendingInvitationsResponse;
    const after = await replicated();
    return {
      status: res.status,
      body: await res.json(),
      // The address, id and time are the inviter's own input or fresh: everything else must match.
      invitations: list.invitations.map(({ id, createdAt, email: address, ...rest }) => ({
        ...rest,
        keys: Object.keys({ id, createdAt, email: address, ...rest }).sort(),
        address,
      })),
      docs: after.map(({ serverUpdatedAt, ...d }, i) => ({ ...d, unchanged: serverUpdatedAt === before[i]!.serverUpdatedAt })),
    };
  }

  it('shows the inviter the same for an address with an account and one without, until they accept', async () => {
    const existing = await ownManuscript();
    const fresh = await ownManuscript();
    await buildSignedInUser(t.ctx, { email: 'ada@example.test', username: 'ada' });
    const withAccount = await inviterView(existing.manuscriptId, existing.chapterId, existing.owner.cookie, 'ada@example.test');
    const without = await inviterView(fresh.manuscriptId, fresh.chapterId, fresh.owner.cookie, 'nobody-here@example.test');

    expect(withAccount.status).toBe(202);
    expect(withAccount.body).toEqual({ message: INVITE_SENT_MESSAGE });
    expect(without.status).toBe(withAccount.status);
    expect(without.body).toEqual(withAccount.body);
    expect(withAccount.invitations).toEqual([{ role: 'commenter', keys: ['createdAt', 'email', 'id', 'role'], address: 'ada@example.test' }]);
    expect(without.invitations).toEqual([{ ...withAccount.invitations[0], address: 'nobody-here@example.test' }]);
    // Nothing replicated changed for either: no member, no chapter access, not even a new version.
    expect(without.docs).toEqual(withAccount.docs);
    expect(withAccount.docs).toEqual([
      expect.objectContaining({ unchanged: true, audience: 1, doc: expect.objectContaining({ members: [], memberIds: [], updatedAt: 1 }) }),
      expect.objectContaining({ unchanged: true, audience: 1, doc: expect.objectContaining({ memberIds: [], editorIds: [], updatedAt: 1 }) }),
    ]);
  });

  it('tells an existing account in the app and by e-mail, and makes it a member when it accepts', async () => {
    const { owner, manuscriptId, chapterId } = await ownManuscript();
    const invitee = await buildSignedInUser(t.ctx, { email: 'ada@example.test', username: 'ada' });
    expect((await invite(manuscriptId, owner.cookie, { email: ' Ada@Example.test ', role: 'commenter' })).status).toBe(202);
    expect((await manuscript(manuscriptId)).members).toEqual([]);

    const notes = async () =>
      (await t.ctx.db.selectFrom('syncDocs').select('doc').where('collection', '=', 'notifications').execute()).map((n) => JSON.parse(n.doc));
    await t.worker.drain();
    expect(await notes()).toContainEqual(expect.objectContaining({ userId: invitee.user.id, kind: 'co_authoring', link: '/editor' }));
    expect((await mailsTo(t, 'ada@example.test'))[0]?.subject).toMatch(/invites you to “The Harbour”/);

    const mine = (await (await t.request('/api/invitations', { cookie: invitee.cookie })).json()) as MyInvitationsResponse;
    expect(mine.invitations).toEqual([
      expect.objectContaining({ manuscriptId, manuscriptTitle: 'The Harbour', ownerName: owner.user.username, role: 'commenter' }),
    ]);
    const accepted = await t.request(`/api/invitations/${mine.invitations[0]!.id}/accept`, { method: 'POST', cookie: invitee.cookie });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ manuscriptId });

    expect((await manuscript(manuscriptId)).members).toEqual([{ userId: invitee.user.id, username: 'ada', role: 'commenter' }]);
    const chapter = (await readDoc(t.ctx.db, 'manuscript-chapters', chapterId))!.doc as ManuscriptChapter;
    expect(chapter).toMatchObject({ memberIds: [invitee.user.id], editorIds: [] });
    expect(await (await t.request(`/api/manuscripts/${manuscriptId}/invitations`, { cookie: owner.cookie })).json()).toEqual({ invitations: [] });
    expect(await (await t.request('/api/invitations', { cookie: invitee.cookie })).json()).toEqual({ invitations: [] });

    // The owner hears who accepted, with a link to the manuscript.
    await t.worker.drain();
    expect((await notes()).filter((n) => n.userId === owner.user.id)).toEqual([
      expect.objectContaining({ kind: 'co_authoring', title: '@ada accepted your invitation to “The Harbour”', link: `/editor/${manuscriptId}` }),
    ]);
  });

  it('mails an unknown address a sign-up link; after sign-up and verification it is still pending until accepted', async () => {
    const { owner, manuscriptId } = await ownManuscript();
    const stranger = uniqueUser('newcomer');
    expect((await invite(manuscriptId, owner.cookie, { email: stranger.email, role: 'editor' })).status).toBe(202);
    const [mail] = await mailsTo(t, stranger.email);
    expect(mail?.subject).toMatch(/invites you to write “The Harbour”/);
    expect(mail?.textBody).toContain(`http://quire.test/auth?mode=signup&email=${encodeURIComponent(stranger.email)}`);
    expectMultipart(mail, `http://quire.test/auth?mode=signup&email=${encodeURIComponent(stranger.email)}`);

    expect((await post(t, '/sign-up', stranger)).status).toBe(202);
    expect((await post(t, '/callback', { code: await latestCode(t, stranger.email, /Confirm/) })).status).toBe(200);
    const signIn = await post(t, '/sign-in', { email: stranger.email, password: stranger.password });
    expect(signIn.status).toBe(200);
    expect((await manuscript(manuscriptId)).members).toEqual([]);
    const cookie = signIn.headers
      .getSetCookie()
      .find((h) => h.startsWith('quire_session='))!
      .split(';')[0]!;
    await t.worker.drain();
    const account = await t.ctx.db.selectFrom('users').select('id').where('email', '=', stranger.email).executeTakeFirstOrThrow();
    const notes = (await t.ctx.db.selectFrom('syncDocs').select('doc').where('collection', '=', 'notifications').execute()).map((n) => JSON.parse(n.doc));
    expect(notes).toContainEqual(expect.objectContaining({ userId: account.id, kind: 'co_authoring', link: '/editor' }));

    const mine = (await (await t.request('/api/invitations', { cookie })).json()) as MyInvitationsResponse;
    expect(mine.invitations).toHaveLength(1);
    expect((await t.request(`/api/invitations/${mine.invitations[0]!.id}/accept`, { method: 'POST', cookie })).status).toBe(200);
    expect((await manuscript(manuscriptId)).members).toEqual([{ userId: account.id, username: stranger.username, role: 'editor' }]);
  });

  it('lets the invitee decline; only the invitee, with the address proven, may accept or decline', async () => {
    const { owner, manuscriptId } = await ownManuscript();
    const invitee = await buildSignedInUser(t.ctx, { email: 'bea@example.test' });
    const squatter = await buildSignedInUser(t.ctx, { email: 'cid@example.test', emailVerifiedAt: null });
    const other = await buildSignedInUser(t.ctx);
    await invite(manuscriptId, owner.cookie, { email: 'bea@example.test', role: 'editor' });
    await invite(manuscriptId, owner.cookie, { email: 'cid@example.test', role: 'editor' });
    const { invitations } = (await (
      await t.request(`/api/manuscripts/${manuscriptId}/invitations`, { cookie: owner.cookie })
    ).json()) as PendingInvitationsResponse;
    const bea = invitations.find((i) => i.email === 'bea@example.test')!;
    const cid = invitations.find((i) => i.email === 'cid@example.test')!;

    for (const action of ['accept', 'decline']) {
      expect((await t.request(`/api/invitations/${bea.id}/${action}`, { method: 'POST', cookie: other.cookie })).status).toBe(404);
      expect((await t.request(`/api/invitations/${bea.id}/${action}`, { method: 'POST', cookie: owner.cookie })).status).toBe(404);
      expect((await t.request(`/api/invitations/${cid.id}/${action}`, { method: 'POST', cookie: squatter.cookie })).status).toBe(404);
    }
    expect(await (await t.request('/api/invitations', { cookie: squatter.cookie })).json()).toEqual({ invitations: [] });

    expect((await t.request(`/api/invitations/${bea.id}/decline`, { method: 'POST', cookie: invitee.cookie })).status).toBe(204);
    expect((await t.request(`/api/invitations/${bea.id}/accept`, { method: 'POST', cookie: invitee.cookie })).status).toBe(404);
    expect((await t.request(`/api/invitations/${bea.id}/decline`, { method: 'POST', cookie: invitee.cookie })).status).toBe(404);
    expect((await manuscript(manuscriptId)).members).toEqual([]);
    // The owner hears of the decline once, by the address they typed (not the account's name);
    // the refused attempts above told them nothing.
    await t.worker.drain();
    const ownerNotes = (await t.ctx.db.selectFrom('syncDocs').select('doc').where('collection', '=', 'notifications').execute())
      .map((n) => JSON.parse(n.doc) as { userId: string; title: string; body: string; link: string })
      .filter((n) => n.userId === owner.user.id);
    expect(ownerNotes).toEqual([
      expect.objectContaining({ title: 'bea@example.test declined your invitation to “The Harbour”', link: `/editor/${manuscriptId}` }),
    ]);
    expect(ownerNotes[0]!.body).not.toContain(invitee.user.username);
    const after = (await (await t.request(`/api/manuscripts/${manuscriptId}/invitations`, { cookie: owner.cookie })).json()) as PendingInvitationsResponse;
    expect(after.invitations.map((i) => i.email)).toEqual(['cid@example.test']);
  });

  it('lets only the owner invite, list and revoke', async () => {
    const { owner, manuscriptId } = await ownManuscript();
    const other = await buildSignedInUser(t.ctx);
    expect((await invite(manuscriptId, other.cookie, { email: 'x@example.test', role: 'viewer' })).status).toBe(404);
    expect((await invite('no-such-manuscript', owner.cookie, { email: 'x@example.test', role: 'viewer' })).status).toBe(404);
    await invite(manuscriptId, owner.cookie, { email: other.user.email, role: 'editor' });
    const [offer] = ((await (await t.request('/api/invitations', { cookie: other.cookie })).json()) as MyInvitationsResponse).invitations;
    expect((await t.request(`/api/invitations/${offer!.id}/accept`, { method: 'POST', cookie: other.cookie })).status).toBe(200);
    // Now a co-author, but still not the owner.
    expect((await invite(manuscriptId, other.cookie, { email: 'x@example.test', role: 'viewer' })).status).toBe(403);
    expect((await t.request(`/api/manuscripts/${manuscriptId}/invitations`, { cookie: other.cookie })).status).toBe(403);
    expect((await t.request(`/api/manuscripts/${manuscriptId}/invitations`)).status).toBe(401);

    const bad = await invite(manuscriptId, owner.cookie, { email: 'not an address', role: 'boss' });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toMatchObject({
      email: expect.any(String),
      role: 'Choose a role.',
    });

    await invite(manuscriptId, owner.cookie, { email: 'pending@example.test', role: 'viewer' });
    const { invitations } = (await (await t.request(`/api/manuscripts/${manuscriptId}/invitations`, { cookie: owner.cookie })).json()) as {
      invitations: { id: string }[];
    };
    expect(invitations).toHaveLength(1);
    const path = `/api/manuscripts/${manuscriptId}/invitations/${invitations[0]!.id}`;
    expect((await t.request(path, { method: 'DELETE', cookie: other.cookie })).status).toBe(403);
    expect((await t.request(path, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect((await t.request(path, { method: 'DELETE', cookie: owner.cookie })).status).toBe(404);
    // A revoked invitation is gone for the invitee too, and cannot be accepted.
    const invitee = await buildSignedInUser(t.ctx, { email: 'pending@example.test' });
    expect(await (await t.request('/api/invitations', { cookie: invitee.cookie })).json()).toEqual({ invitations: [] });
    expect((await t.request(`/api/invitations/${invitations[0]!.id}/accept`, { method: 'POST', cookie: invitee.cookie })).status).toBe(404);
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
