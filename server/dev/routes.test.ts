import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MailOutboxResponse } from '../../sync/api/dev';
import { createSession } from '../auth/sessions';
import type { Config } from '../config';
import { SESSION_COOKIE } from '../limits';
import { OUTBOX_PAGE_SIZE } from './routes';
import { seedDemo } from '../seed/seed-demo';
import { buildTestContext, type TestContext } from '../test/test-context';

let t: TestContext;
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

async function setup(overrides: Partial<Config> = {}) {
  t = await buildTestContext(overrides);
  vi.spyOn(console, 'log').mockImplementation(() => {});
  await seedDemo(t.ctx);
  await t.ctx.mail.send({ to: 'someone@example.test', subject: 'Verify your e-mail', text: 'Open http://quire.test/auth/callback?code=abc' });
  // Two sends can share a millisecond, and ids are random: "newest" needs the clock to move.
  t.advance(1);
  await t.ctx.mail.send({ to: 'other_person@example.test', subject: 'Second', text: 'Hello' });
}

async function cookieFor(email: string): Promise<string> {
  const user = await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const { token } = await createSession(t.ctx, user.id, { userAgent: 'test', ip: '203.0.113.1' });
  return `${SESSION_COOKIE}=${token}`;
}

describe('GET /api/dev/mail', () => {
  it('is not found for visitors and readers in a production build', async () => {
    await setup({ development: false });
    const visitor = await t.request('/api/dev/mail');
    expect(visitor.status).toBe(404);
    expect(await visitor.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await t.request('/api/dev/mail', { cookie: await cookieFor('reader@quire.test') })).status).toBe(404);
    expect((await t.request('/api/dev/mail', { cookie: await cookieFor('author@quire.test') })).status).toBe(404);
  });

  it('lists the outbox newest first for an admin, filtered by recipient', async () => {
    await setup({ development: false });
    const cookie = await cookieFor('admin@quire.test');
    const res = await t.request('/api/dev/mail', { cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as MailOutboxResponse;
    expect(body.messages.map((m) => m.subject)).toEqual(['Second', 'Verify your e-mail']);
    expect(body.messages[1]).toMatchObject({ to: 'someone@example.test', text: expect.stringContaining('/auth/callback?code=abc') });

    const filtered = (await (await t.request('/api/dev/mail?to=SOMEONE@', { cookie })).json()) as MailOutboxResponse;
    expect(filtered.messages.map((m) => m.to)).toEqual(['someone@example.test']);
    // `_` and `%` in the filter are literal, not wildcards.
    const literal = (await (await t.request('/api/dev/mail?to=r_p', { cookie })).json()) as MailOutboxResponse;
    expect(literal.messages.map((m) => m.to)).toEqual(['other_person@example.test']);
    const none = (await (await t.request('/api/dev/mail?to=%25', { cookie })).json()) as MailOutboxResponse;
    expect(none.messages).toEqual([]);
  });

  it('lists one page of the newest messages, however full the outbox is', async () => {
    await setup({ development: true });
    const rows = Array.from({ length: OUTBOX_PAGE_SIZE + 5 }, (_, i) => ({
      id: `bulk-${i}`,
      toAddress: 'bulk@example.test',
      fromAddress: 'quire@example.test',
      subject: `Bulk ${i}`,
      textBody: '',
      htmlBody: null,
      headers: '{}',
      status: 'stored' as const,
      error: null,
      createdAt: Date.now() + 1000 + i,
      sentAt: null,
    }));
    await t.ctx.db.insertInto('mailOutbox').values(rows).execute();
    const body = (await (await t.request('/api/dev/mail')).json()) as MailOutboxResponse;
    expect(body.messages).toHaveLength(OUTBOX_PAGE_SIZE);
    expect(body.messages[0]!.subject).toBe(`Bulk ${OUTBOX_PAGE_SIZE + 4}`);
  });

  it('gives both parts of a multipart mail, and no HTML part for a text-only one', async () => {
    await setup({ development: true });
    await t.ctx.mail.send({ to: 'both@example.test', subject: 'Both', text: 'Plain words', html: '<!doctype html><p>HTML words</p>' });
    const body = (await (await t.request('/api/dev/mail')).json()) as MailOutboxResponse;
    expect(body.messages.find((m) => m.to === 'both@example.test')).toMatchObject({ text: 'Plain words', html: '<!doctype html><p>HTML words</p>' });
    expect(body.messages.find((m) => m.to === 'someone@example.test')).toMatchObject({ html: null });
  });

  it('is open to everyone in a development build', async () => {
    await setup({ development: true });
    const res = await t.request('/api/dev/mail');
    expect(res.status).toBe(200);
    expect(((await res.json()) as MailOutboxResponse).messages).toHaveLength(2);
  });
});

describe('GET /api/dev/failure', () => {
  it('fails with 500, a digest, and a debug report', async () => {
    await setup({ development: false });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await t.request('/api/dev/failure', { cookie: await cookieFor('admin@quire.test') });
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { code: string; digest: string } };
    expect(body.error.code).toBe('internal');
    expect(body.error.digest).toMatch(/^[0-9a-f]+$/);
    const report = await t.ctx.db.selectFrom('debugReports').selectAll().where('digest', '=', body.error.digest).executeTakeFirstOrThrow();
    expect(report).toMatchObject({ source: 'server', message: 'Deliberate server failure for testing', status: 500 });
  });

  it('is not found for a reader', async () => {
    await setup({ development: false });
    expect((await t.request('/api/dev/failure', { cookie: await cookieFor('reader@quire.test') })).status).toBe(404);
  });
});

describe('POST /api/dev/books', () => {
  it('publishes a sample book credited to an account, for admins only', async () => {
    await setup({ development: false });
    const author = await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'author@quire.test').executeTakeFirstOrThrow();
    const publish = (cookie: string | undefined, json: unknown) => t.request('/api/dev/books', { method: 'POST', cookie, json });
    expect((await publish(await cookieFor('reader@quire.test'), { authorId: author.id, title: 'Nope' })).status).toBe(404);
    const admin = await cookieFor('admin@quire.test');
    expect((await publish(admin, { authorId: 'no-such-account', title: 'Nope' })).status).toBe(404);
    expect((await publish(admin, { authorId: author.id, title: '  ' })).status).toBe(422);

    const res = await publish(admin, { authorId: author.id, title: 'Tea & <Sympathy>' });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const book = (await (await t.request(`/api/store/books/${id}`)).json()) as { title: string; contributors: { authorId: string | null }[] };
    expect(book.title).toBe('Tea & <Sympathy>');
    expect(book.contributors).toEqual([expect.objectContaining({ authorId: author.id, role: 'author' })]);
  });
});
