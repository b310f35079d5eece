/**
 * The support inbox against a real SQLite file: people write to "Quire support" through the
 * replicated messages (push rules: only as themselves, under the team's name, clean text); only
 * they and staff read a conversation; staff replies reach the person's devices as the team while
 * the inbox records which staff member wrote them; status and assignee change and are audited.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as api from '../../sync/api/admin-support';
import { conversationIdOf, type Message } from '../../sync/collections/messages';
import { SUPPORT_ID, SUPPORT_NAME } from '../../sync/support/support';
import { buildAdmin, buildSignedInUser } from '../admin/test-helpers';
import { pull, push, readEvents, syncRequest } from '../sync/test-helpers';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';

let t: TestContext;
let reader: Awaited<ReturnType<typeof buildSignedInUser>>;
let other: Awaited<ReturnType<typeof buildSignedInUser>>;
let staff: Awaited<ReturnType<typeof buildAdmin>>;

beforeEach(async () => {
  t = await buildTestContext();
  reader = await buildSignedInUser(t.ctx, { displayName: 'Rita Reader' });
  other = await buildSignedInUser(t.ctx, { displayName: 'Olle Other' });
  staff = await buildAdmin(t.ctx, { displayName: 'Sam Staff' });
});
afterEach(async () => t.close());

let n = 0;
function toSupport(from: { id: string; displayName: string }, overrides: Partial<Message> = {}): Message & { _deleted: boolean } {
  const now = Date.now();
  return {
    id: `support-${++n}-${now.toString(36)}`,
    conversationId: conversationIdOf(from.id, SUPPORT_ID),
    senderId: from.id,
    recipientId: SUPPORT_ID,
    senderName: from.displayName,
    recipientName: SUPPORT_NAME,
    body: 'My book will not open.',
    sentAt: now,
    readAt: null,
    updatedAt: now,
    _deleted: false,
    ...overrides,
  };
}
const send = (cookie: string, docs: Message[]) =>
  push(
    t,
    cookie,
    docs.map((d) => ({ assumedMasterState: null, newDocumentState: d })),
    'messages',
  );
const pulled = async (cookie: string) => (await pull(t, cookie, null, 100, 'messages')).documents as Message[];
const inbox = (cookie: string, query = '') => t.request(`/api/admin/support/conversations${query}`, { cookie });
const reply = (cookie: string, userId: string, json: api.SupportReplyInput) =>
  t.request(`/api/admin/support/conversations/${userId}/replies`, { method: 'POST', cookie, json });

describe('writing to support (push rules)', () => {
  it('accepts a message to the team under its name, and refuses forged senders, names and dirty text', async () => {
    expect(await send(reader.cookie, [toSupport(reader.user)])).toEqual({ conflicts: [], rejected: [] });
    const forgedSender = toSupport(other.user); // pushed by the reader as someone else
    const wrongName = toSupport(reader.user, { recipientName: 'Sam Staff' });
    const asTeam = { ...toSupport(reader.user), senderId: SUPPORT_ID, recipientId: reader.user.id, senderName: SUPPORT_NAME, recipientName: 'Rita Reader' };
    const hidden = toSupport(reader.user, { body: 'Refund me \u202Eplease' });
    const result = await send(reader.cookie, [forgedSender, wrongName, asTeam, hidden]);
    expect(result.rejected.map((r) => r.code)).toEqual(['forbidden', 'forbidden', 'forbidden', 'forbidden']);
  });

  it("keeps a person's support conversation from everyone but them (staff read it in the inbox)", async () => {
    const m = toSupport(reader.user);
    await send(reader.cookie, [m]);
    expect((await pulled(reader.cookie)).map((d) => d.id)).toEqual([m.id]);
    expect(await pulled(other.cookie)).toEqual([]);
    expect(await pulled(staff.cookie)).toEqual([]); // staff do not receive it on their devices either
    // Another person cannot write into it, even naming its conversation id.
    const intruder = toSupport(other.user, { conversationId: conversationIdOf(reader.user.id, SUPPORT_ID) });
    expect((await send(other.cookie, [intruder])).rejected.map((r) => r.code)).toEqual(['forbidden']);
  });
});

describe('the inbox', () => {
  it('is for staff only', async () => {
    await send(reader.cookie, [toSupport(reader.user)]);
    expect((await inbox(reader.cookie)).status).toBe(403);
    expect((await t.request(`/api/admin/support/conversations/${reader.user.id}`, { cookie: other.cookie })).status).toBe(403);
    expect((await reply(reader.cookie, reader.user.id, { body: 'I am staff now' })).status).toBe(403);
    expect((await inbox('')).status).toBe(401);
  });

  it('lists a new conversation as open, and shows its messages to staff', async () => {
    const m = toSupport(reader.user, { body: '<img src=x onerror=alert(1)> help' });
    await send(reader.cookie, [m]);
    const list = await answerOf(await inbox(staff.cookie), api.listSupportConversations);
    expect(list.items).toMatchObject([
      { userId: reader.user.id, status: 'open', assignee: null, lastFromStaff: false, person: { displayName: 'Rita Reader' } },
    ]);
    expect(list.counts).toEqual({ open: 1, waiting: 0, closed: 0 });
    expect(list.staff.map((s) => s.id)).toEqual([staff.user.id]);
    const conversation = await answerOf(
      await t.request(`/api/admin/support/conversations/${reader.user.id}`, { cookie: staff.cookie }),
      api.getSupportConversation,
    );
    // Text stays text: the inbox renders it as such, never as HTML.
    expect(conversation.messages).toMatchObject([{ id: m.id, fromStaff: false, staff: null, body: '<img src=x onerror=alert(1)> help' }]);
  });

  it('sends a reply as the team, live to the person, recording the staff member only in the inbox', async () => {
    await send(reader.cookie, [toSupport(reader.user)]);
    const stream = await syncRequest(t, reader.cookie, 'stream');
    const events = readEvents(stream, 2);
    await new Promise((r) => setTimeout(r, 50));
    const res = await reply(staff.cookie, reader.user.id, { body: '  Try downloading it again.\u0000 ' });
    expect(res.status).toBe(201);
    const conversation = await answerOf(res, api.replyToSupport);
    expect(conversation.status).toBe('waiting');
    expect(conversation.messages.at(-1)).toMatchObject({ fromStaff: true, staff: { id: staff.user.id }, body: 'Try downloading it again.' });
    expect((await events)[1]).toMatchObject({ event: 'change', data: { collection: 'messages' } });

    const docs = await pulled(reader.cookie);
    const answer = docs.find((d) => d.senderId === SUPPORT_ID)!;
    expect(answer).toMatchObject({
      senderName: SUPPORT_NAME,
      recipientId: reader.user.id,
      body: 'Try downloading it again.',
      conversationId: conversationIdOf(reader.user.id, SUPPORT_ID),
    });
    expect(JSON.stringify(answer)).not.toContain(staff.user.id);
    expect(await pulled(other.cookie)).toEqual([]);
    // The person may mark the team's reply read, like any message they received.
    const read = await push(
      t,
      reader.cookie,
      [{ assumedMasterState: { ...answer, _deleted: false }, newDocumentState: { ...answer, readAt: 5, updatedAt: 5, _deleted: false } }],
      'messages',
    );
    expect(read).toEqual({ conflicts: [], rejected: [] });

    // Writing again reopens it.
    await send(reader.cookie, [toSupport(reader.user, { body: 'Still broken.' })]);
    const list = await answerOf(await inbox(staff.cookie), api.listSupportConversations);
    expect(list.items[0]).toMatchObject({ status: 'open', lastPreview: 'Still broken.' });
    const audit = await t.ctx.db.selectFrom('auditLog').select(['action', 'actorId', 'targetId']).where('action', 'like', 'support.%').execute();
    expect(audit).toEqual([{ action: 'support.reply', actorId: staff.user.id, targetId: reader.user.id }]);
  });

  it('refuses an empty reply and a conversation that does not exist', async () => {
    await send(reader.cookie, [toSupport(reader.user)]);
    const empty = await reply(staff.cookie, reader.user.id, { body: ' \u202E ' });
    expect(empty.status).toBe(422);
    expect((await errorOf(empty)).fields).toHaveProperty('body');
    expect((await reply(staff.cookie, other.user.id, { body: 'Hello?' })).status).toBe(404);
  });

  it('assigns to staff only, closes, and filters by status and assignee', async () => {
    const colleague = await buildAdmin(t.ctx, { displayName: 'Cleo Colleague' });
    await send(reader.cookie, [toSupport(reader.user)]);
    await send(other.cookie, [toSupport(other.user)]);
    await inbox(staff.cookie);
    const patch = (userId: string, json: api.SupportUpdateInput) =>
      t.request(`/api/admin/support/conversations/${userId}`, { method: 'PATCH', cookie: staff.cookie, json });
    const notStaff = await patch(reader.user.id, { assigneeId: other.user.id });
    expect(notStaff.status).toBe(422);
    expect((await answerOf(await patch(reader.user.id, { assigneeId: colleague.user.id }), api.updateSupportConversation)).assignee?.id).toBe(
      colleague.user.id,
    );
    await patch(other.user.id, { status: 'closed' });

    const ids = async (query: string) => (await answerOf(await inbox(staff.cookie, query), api.listSupportConversations)).items.map((c) => c.userId);
    expect(await ids('?status=open')).toEqual([reader.user.id]);
    expect(await ids('?status=closed')).toEqual([other.user.id]);
    expect(await ids(`?status=all&assignee=${colleague.user.id}`)).toEqual([reader.user.id]);
    expect(await ids('?status=all&assignee=none')).toEqual([other.user.id]);
    expect(await ids('?status=all&assignee=mine')).toEqual([]);
    const actions = await t.ctx.db.selectFrom('auditLog').select('action').where('action', '=', 'support.update').execute();
    expect(actions).toHaveLength(2);
  });
});

describe('live for staff', () => {
  /** A stream's first `count` events (it resolves as soon as they arrived). */
  const openStream = async (cookie: string, count: number) => {
    const events = readEvents(await syncRequest(t, cookie, 'stream'), count, 5000);
    await new Promise((r) => setTimeout(r, 50)); // subscribed before anything is written
    return { events };
  };
  /** Every hint fanned out to one account from now on (delivered in the publish call itself). */
  const hintsFor = (userId: string) => {
    const hints: unknown[] = [];
    const stop = t.ctx.pubsub.subscribe(userId, (h) => hints.push(h));
    return { hints, stop };
  };
  const SUPPORT_HINT = { event: 'topic', data: { topic: 'support' } };

  it("tells staff's streams (not other people's) when a person writes, and when a colleague answers", async () => {
    const colleague = await buildAdmin(t.ctx, { displayName: 'Cleo Colleague' });
    const { events: forStaff } = await openStream(staff.cookie, 2);
    const forOther = hintsFor(other.user.id);
    const forWriter = hintsFor(reader.user.id);
    await send(reader.cookie, [toSupport(reader.user)]);
    // No inbox read in between: the push alone reaches staff, as a data-free topic hint.
    expect(await forStaff).toEqual([{ event: 'resync', data: 'RESYNC' }, SUPPORT_HINT]);
    expect(forOther.hints).toEqual([]);
    // The writer's own devices hear of their message (a change hint), never of the inbox.
    expect(forWriter.hints).toEqual([expect.objectContaining({ collection: 'messages' })]);

    const { events: forColleague } = await openStream(colleague.cookie, 2);
    expect((await reply(staff.cookie, reader.user.id, { body: 'On it.' })).status).toBe(201);
    expect((await forColleague)[1]).toEqual(SUPPORT_HINT);
    expect(forWriter.hints.some((h) => 'topic' in (h as object))).toBe(false);

    // Reading the inbox records nothing new, so it announces nothing (no refetch loop).
    const forStaffNow = hintsFor(staff.user.id);
    await inbox(staff.cookie);
    expect(forStaffNow.hints).toEqual([]);
    for (const h of [forOther, forWriter, forStaffNow]) h.stop();
  });
});
