/**
 * Two instances — two processes on one PostgreSQL database (one SQLite file where PostgreSQL is
 * not installed) and one Redis — behave as one server (issue 15): what is written through A
 * reaches the streams held by B (the support inbox's hint to staff too), a sign-out or suspension
 * on A ends the streams on B, a rate limit counts the requests of both, and a job enqueued on A
 * runs once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationIdOf } from '../../sync/collections/messages';
import { SUPPORT_ID, SUPPORT_NAME } from '../../sync/support/support';
import { buildAdmin } from '../admin/test-helpers';
import { createSession } from '../auth/sessions';
import { RATE_LIMITS } from '../limits';
import { buildList, buildUser } from '../sync/test-helpers';
import { redisServerPath } from '../test/redis-server';
import { START_TIMEOUT_MS, startTwoInstances, TEST_JOB_KIND, type Instance, type TwoInstances } from '../test/two-instances';

const available = redisServerPath() !== null;
if (!available) console.warn('redis-server is not installed: the two-instance tests did not run (.ci/run installs it).');

let two: TwoInstances;
let starting: Promise<TwoInstances> | undefined;
let users = 0;
/** A fresh account with a session (the sessions table is shared, so the cookie works on both). */
const account = (id = `user-${++users}`, roles: 'admin'[] = []) => buildUser(two.ctx, id, roles).then((cookie) => ({ id, cookie }));

async function pushRows(through: Instance, cookie: string, collection: string, docs: unknown[]) {
  const res = await through.request(`/api/sync/${collection}/push`, {
    cookie,
    json: { rows: docs.map((d) => ({ assumedMasterState: null, newDocumentState: d })) },
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ conflicts: [], rejected: [] });
}

describe.runIf(available)('two instances sharing one database and one Redis', () => {
  beforeAll(async () => {
    starting = startTwoInstances();
    two = await starting;
    console.info(two.summary);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    // Also when the start outlasted its hook: what it started is stopped once it has.
    await (await starting?.catch(() => undefined))?.close();
  }, START_TIMEOUT_MS);

  it('streams a list edited through A to the same account’s stream on B, and on A', async () => {
    const me = await account();
    const onB = await two.b.openStream(me.cookie);
    const onA = await two.a.openStream(me.cookie);
    const list = buildList({ ownerId: me.id, name: 'Read on the train' });
    await pushRows(two.a, me.cookie, 'reading-lists', [list]);
    const isList = (e: { event: string; data: unknown }) => e.event === 'change' && (e.data as { collection: string }).collection === 'reading-lists';
    expect((await onB.next(isList)).data).toMatchObject({ checkpoint: { id: list.id } });
    expect((await onA.next(isList)).data).toMatchObject({ checkpoint: { id: list.id } });
    // B serves the same row the stream told it about.
    const pulled = await two.b.request('/api/sync/reading-lists/pull', { cookie: me.cookie, json: { checkpoint: null, limit: 10 } });
    expect(((await pulled.json()) as { documents: { id: string }[] }).documents.map((d) => d.id)).toEqual([list.id]);
  });

  it('streams a message sent through A to its recipient on B, and to no one else', async () => {
    const sender = await account();
    const recipient = await account();
    const bystander = await account();
    const recipientOnB = await two.b.openStream(recipient.cookie);
    const bystanderOnB = await two.b.openStream(bystander.cookie);
    const message = {
      id: `m-${users}`,
      conversationId: conversationIdOf(sender.id, recipient.id),
      senderId: sender.id,
      recipientId: recipient.id,
      senderName: sender.id,
      recipientName: recipient.id,
      body: 'Across machines',
      sentAt: 1,
      readAt: null,
      updatedAt: 1,
      _deleted: false,
    };
    await pushRows(two.a, sender.cookie, 'messages', [message]);
    const change = await recipientOnB.next((e) => e.event === 'change');
    expect(change.data).toMatchObject({ collection: 'messages', checkpoint: { id: message.id } });
    expect(bystanderOnB.events.filter((e) => e.event === 'change')).toEqual([]);
  });

  it('tells staff’s stream on B when a person writes to support through A, and no one else', async () => {
    const person = await account();
    const staff = await account(undefined, ['admin']);
    const bystander = await account();
    const staffOnB = await two.b.openStream(staff.cookie);
    const bystanderOnB = await two.b.openStream(bystander.cookie);
    const message = {
      id: `s-${users}`,
      conversationId: conversationIdOf(person.id, SUPPORT_ID),
      senderId: person.id,
      recipientId: SUPPORT_ID,
      senderName: person.id,
      recipientName: SUPPORT_NAME,
      body: 'Help from another machine',
      sentAt: 1,
      readAt: null,
      updatedAt: 1,
      _deleted: false,
    };
    await pushRows(two.a, person.cookie, 'messages', [message]);
    expect((await staffOnB.next((e) => e.event === 'topic')).data).toEqual({ topic: 'support' });
    expect(bystanderOnB.events.filter((e) => e.event === 'topic')).toEqual([]);
  });

  it('ends the session’s stream on B when it signs out on A; another session’s stream stays', async () => {
    const me = await account();
    const otherDevice = await signInAgain(me.id);
    const mine = await two.b.openStream(me.cookie);
    const other = await two.b.openStream(otherDevice);
    expect((await two.a.request('/api/auth/sign-out', { cookie: me.cookie, json: {} })).status).toBeLessThan(300);
    await within(mine.ended, 'the signed-out stream on B');
    // The other device's stream still hears hints: a list pushed through A arrives.
    const list = buildList({ ownerId: me.id });
    await pushRows(two.a, otherDevice, 'reading-lists', [list]);
    expect((await other.next((e) => e.event === 'change')).data).toMatchObject({ checkpoint: { id: list.id } });
  });

  it('ends every stream of an account on B when an admin suspends it on A', async () => {
    const me = await account();
    const streams = [await two.b.openStream(me.cookie), await two.b.openStream(await signInAgain(me.id))];
    const admin = await buildAdmin(two.ctx);
    const suspended = await two.a.request(`/api/admin/users/${me.id}/suspend`, { cookie: admin.cookie, json: { reason: 'spam' } });
    expect(suspended.status).toBe(200);
    await within(Promise.all(streams.map((s) => s.ended)), 'the suspended account’s streams on B');
  });

  it('counts a rate limit over the requests to both instances', async () => {
    const me = await account();
    const { points } = RATE_LIMITS.userLookupPerAccount;
    const lookup = (through: Instance) => through.request(`/api/users/lookup?username=${me.id}`, { cookie: me.cookie });
    for (let i = 0; i < points; i++) expect((await lookup(i % 2 ? two.b : two.a)).status).toBe(200);
    // Each instance has seen only half of the limit, yet both refuse.
    expect((await lookup(two.a)).status).toBe(429);
    const refused = await lookup(two.b);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('runs a job enqueued on A exactly once while both instances’ workers poll the same table', async () => {
    const ids = await two.a.enqueue(40);
    const { db } = two.ctx;
    const pending = async () => (await db.selectFrom('jobs').select('id').where('kind', '=', TEST_JOB_KIND).where('state', '!=', 'done').execute()).length;
    await within(
      (async () => {
        while (await pending()) await new Promise((r) => setTimeout(r, 50));
      })(),
      'the jobs',
      10_000,
    );
    expect([...two.a.ran, ...two.b.ran].sort()).toEqual(ids.map((_, n) => `job-${n}`).sort());
    const attempts = await db.selectFrom('jobs').select('attempts').where('kind', '=', TEST_JOB_KIND).execute();
    expect(attempts.map((j) => j.attempts)).toEqual(ids.map(() => 1));
  });
});

/** A second session of the same account: another device. */
async function signInAgain(userId: string): Promise<string> {
  const { token } = await createSession(two.ctx, userId, { userAgent: '', ip: '' });
  return `quire_session=${token}`;
}

function within<T>(promise: Promise<T>, what: string, ms = 3_000): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);
}
