import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_GRACE } from '../limits';
import { buildUser, signIn } from '../admin/test-helpers';
import { hashPassword } from '../auth/password';
import { getDeletionStatus, scheduleDeletion, undoDeletion } from '../../sync/api/account';
import { addSideload } from '../../sync/api/library';
import { epub3 } from '../books/epub/test-epubs';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { expectMultipart } from '../mail/test-helpers';
import { ERASE_JOB, eraseAccount } from './erase-account';

const PASSWORD = 'a long enough password';
let t: TestContext;
let passwordHash: string;
beforeAll(async () => {
  t = await buildTestContext();
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => t.close());

async function buildAccount() {
  const user = await buildUser(t.ctx, { passwordHash, roles: ['author'] });
  const cookie = await signIn(t.ctx, user.id);
  const otherDevice = await signIn(t.ctx, user.id);
  return { user, cookie, otherDevice };
}
const schedule = (cookie: string, password = PASSWORD) => t.request('/api/account/deletion', { method: 'POST', json: { password }, cookie });
const undo = (cookie: string) => t.request('/api/account/deletion', { method: 'DELETE', cookie });
const userRow = (id: string) => t.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const eraseJobs = (id: string) => t.ctx.db.selectFrom('jobs').selectAll().where('kind', '=', ERASE_JOB).where('payload', 'like', `%${id}%`).execute();
const auditActions = async (id: string) =>
  (await t.ctx.db.selectFrom('auditLog').select('action').where('targetId', '=', id).orderBy('id').execute()).map((a) => a.action);

describe('account deletion', () => {
  it('shows what goes and what stays', async () => {
    const { cookie } = await buildAccount();
    const body = await answerOf(await t.request('/api/account/deletion', { cookie }), getDeletionStatus);
    expect(body).toMatchObject({ status: 'active', dueAt: null, graceDays: 14 });
    expect(body.keeps.join(' ')).toMatch(/order/i);
    expect((await t.request('/api/account/deletion')).status).toBe(401);
  });

  it('refuses a wrong password with 422 on the field', async () => {
    const { user, cookie } = await buildAccount();
    const res = await schedule(cookie, 'not my password');
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields?.password).toBeTruthy();
    expect((await userRow(user.id)).status).toBe('active');
  });

  it('schedules the erasure, ends other devices, e-mails and audits', async () => {
    const { user, cookie, otherDevice } = await buildAccount();
    const res = await schedule(cookie);
    expect(res.status).toBe(200);
    const body = await answerOf(res, scheduleDeletion);
    expect(body.status).toBe('deleting');
    const row = await userRow(user.id);
    expect(row.status).toBe('deleting');
    expect(row.deletionDueAt).toBe(body.dueAt);
    const [job] = await eraseJobs(user.id);
    expect(job).toMatchObject({ state: 'queued', runAt: row.deletionDueAt });
    expect((await t.request('/api/account/deletion', { cookie })).status).toBe(200);
    expect((await t.request('/api/account/deletion', { cookie: otherDevice })).status).toBe(401);
    const mail = await t.ctx.db.selectFrom('mailOutbox').selectAll().where('toAddress', '=', user.email).execute();
    expect(mail.map((m) => m.subject)).toContain('Your Quire account will be deleted');
    expectMultipart(mail[0], 'http://quire.test/account-deletion');
    expect(await auditActions(user.id)).toEqual(['account.deletion_requested']);
    expect((await schedule(cookie)).status).toBe(409);
  });

  it('undo within the grace period cancels the job, and nothing is erased later', async () => {
    const { user, cookie } = await buildAccount();
    await schedule(cookie);
    const res = await undo(cookie);
    expect(res.status).toBe(200);
    expect((await answerOf(res, undoDeletion)).status).toBe('active');
    expect(await userRow(user.id)).toMatchObject({ status: 'active', deletionDueAt: null });
    expect((await eraseJobs(user.id)).map((j) => j.state)).toEqual(['cancelled']);
    const undone = await t.ctx.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('toAddress', '=', user.email)
      .where('subject', '=', 'Your Quire account will not be deleted')
      .executeTakeFirst();
    expectMultipart(undone, 'http://quire.test');
    expect(undone!.htmlBody).toContain('Nothing was erased.');
    expect(await auditActions(user.id)).toEqual(['account.deletion_requested', 'account.deletion_cancelled']);
    expect((await undo(cookie)).status).toBe(409);
    t.advance(ACCOUNT_DELETION_GRACE + 1);
    await t.worker.drain();
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it('after the grace period the job anonymises the account and keeps the audit trail', async () => {
    const { user, cookie } = await buildAccount();
    await t.ctx.db
      .insertInto('notifications')
      .values({ id: `n-${user.id}`, userId: user.id, kind: 'messages', title: 'Hi', body: '', link: null, createdAt: 1, readAt: null })
      .execute();
    await t.ctx.db.insertInto('notificationPrefs').values({ userId: user.id, event: 'messages', channel: 'email', enabled: 1 }).execute();
    await t.ctx.db
      .insertInto('roleRequests')
      .values({
        id: `r-${user.id}`,
        userId: user.id,
        role: 'publisher',
        imprintName: 'Mine',
        message: 'x',
        status: 'pending',
        note: '',
        createdAt: 1,
        decidedAt: null,
        decidedBy: null,
      })
      .execute();
    const sideloaded = await t.request('/api/library/sideloads', { method: 'POST', cookie, body: epub3({ identifier: `urn:own:${user.id}` }) });
    expect(sideloaded.status).toBe(201);
    const { book } = await answerOf(sideloaded, addSideload);
    await schedule(cookie);

    // Not yet due: the job is not claimed, the account is untouched.
    await t.worker.drain();
    expect((await userRow(user.id)).status).toBe('deleting');

    t.advance(ACCOUNT_DELETION_GRACE + 1);
    await t.worker.drain();
    expect((await eraseJobs(user.id)).map((j) => j.state)).toEqual(['done']);
    expect(await userRow(user.id)).toMatchObject({
      email: `deleted-${user.id}@deleted.invalid`,
      username: `deleted-${user.id}`,
      displayName: 'Deleted account',
      passwordHash: null,
      bio: '',
      avatarUrl: null,
      status: 'deleted',
    });
    const count = async (table: 'sessions' | 'notifications' | 'notificationPrefs' | 'roleRequests' | 'userRoles') =>
      (await t.ctx.db.selectFrom(table).select('userId').where('userId', '=', user.id).execute()).length;
    for (const table of ['sessions', 'notifications', 'notificationPrefs', 'roleRequests', 'userRoles'] as const) expect(await count(table)).toBe(0);
    expect(await auditActions(user.id)).toEqual(['account.deletion_requested', 'account.erased']);
    // Their own uploaded books are their private copies: they go entirely.
    expect(await t.ctx.db.selectFrom('books').select('id').where('id', '=', book.id).executeTakeFirst()).toBeUndefined();
    expect(await t.ctx.db.selectFrom('sideloads').select('bookId').where('ownerId', '=', user.id).execute()).toEqual([]);
    const erased = await t.ctx.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'account.erased')
      .where('targetId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(erased.actorId).toBeNull();
    expect((await t.request('/api/account/profile', { cookie })).status).toBe(401);

    // Running it again changes nothing and writes no second audit row.
    expect(await eraseAccount(t.ctx, user.id)).toBe(false);
    expect(await auditActions(user.id)).toEqual(['account.deletion_requested', 'account.erased']);
  });

  it('a stale job before the due date does nothing', async () => {
    const { user, cookie } = await buildAccount();
    await schedule(cookie);
    expect(await eraseAccount(t.ctx, user.id)).toBe(false);
    expect((await userRow(user.id)).status).toBe('deleting');
  });
});
