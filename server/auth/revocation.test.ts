/**
 * Revoked sessions keep no live channel: for every way a session ends, a collaboration socket and
 * a sync stream opened on it close at once (expiry: at the next periodic check), while those of
 * the device that asked stay open.
 */
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '../../sync/collab/close-codes';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../sync/replication/protocol-version';
import { buildAdmin, buildUser, signIn } from '../admin/test-helpers';
import { setUserRoles, suspendUser } from '../admin/user-commands';
import { buildManuscript, connectClient, startCollabServer, tempDataDir, type TestClient } from '../collab/test-helpers';
import type { AppEnv } from '../context';
import { requireUser } from '../http/guard';
import type { RunningServer } from '../server';
import { handleStream } from '../sync/stream';
import { readEvents } from '../sync/test-helpers';
import { buildTestContext } from '../test/test-context';
import { hashPassword } from './password';
import { sessionMiddleware } from './sessions';
import { PASSWORD } from './test-helpers';

/** Longer than a recheck or a reconnect takes, far shorter than a heartbeat. */
const PROMPTLY_MS = 2_000;

let running: RunningServer;
const clients: TestClient[] = [];
const streams: AbortController[] = [];

beforeAll(async () => {
  running = await startCollabServer(tempDataDir(), { sessionRecheckMs: 100 });
});
afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
  for (const stream of streams.splice(0)) stream.abort();
});
afterAll(async () => {
  await running.close();
});

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: still open`)), PROMPTLY_MS))]);
}

/** Resolves when the stream ends; the stream is open (RESYNC received) once this returns. */
async function openStream(cookie: string): Promise<{ ended: Promise<void> }> {
  const controller = new AbortController();
  streams.push(controller);
  const res = await fetch(`${running.url}/api/sync/stream`, {
    headers: { cookie, origin: running.url, [PROTOCOL_HEADER]: String(PROTOCOL_VERSION) },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  expect(new TextDecoder().decode((await reader.read()).value)).toContain('RESYNC');
  // A reset connection ends the stream as surely as a clean end (and the test's own abort lands here).
  const ended = (async () => {
    while (!(await reader.read()).done);
  })().catch(() => undefined);
  return { ended };
}

async function openCollab(cookie: string, docName: string) {
  const client = connectClient(running.url, docName, { cookie });
  clients.push(client);
  await client.synced;
  return client;
}

/** A writer with two signed-in devices, each with a chapter socket and a sync stream open. */
async function twoDevices() {
  const { ctx } = running;
  const user = await buildUser(ctx, { passwordHash: await hashPassword(PASSWORD) });
  const { docNames } = await buildManuscript(ctx, user.id);
  const device = async () => {
    const cookie = await signIn(ctx, user.id);
    return { cookie, sessionId: cookie.split('=')[1]!.split('.')[0]!, collab: await openCollab(cookie, docNames[0]!), stream: await openStream(cookie) };
  };
  return { user, a: await device(), b: await device() };
}

function api(path: string, cookie: string, method = 'POST', json?: unknown) {
  return fetch(`${running.url}${path}`, {
    method,
    headers: { cookie, origin: running.url, 'content-type': 'application/json' },
    body: method === 'DELETE' ? undefined : JSON.stringify(json ?? {}),
  });
}

type Devices = Awaited<ReturnType<typeof twoDevices>>;
const triggers: [string, (d: Devices) => Promise<unknown>, number][] = [
  ['sign-out', ({ a }) => api('/api/auth/sign-out', a.cookie), CLOSE_CODES.unauthenticated],
  ['ending the device from another one', ({ a, b }) => api(`/api/auth/sessions/${a.sessionId}`, b.cookie, 'DELETE'), CLOSE_CODES.unauthenticated],
  ['signing out the other devices', ({ b }) => api('/api/auth/sessions/sign-out-others', b.cookie), CLOSE_CODES.unauthenticated],
  [
    'a password change on another device',
    ({ b }) => api('/api/auth/password', b.cookie, 'POST', { currentPassword: PASSWORD, newPassword: 'another long unusual passphrase' }),
    CLOSE_CODES.unauthenticated,
  ],
  [
    'scheduling the account for deletion on another device',
    ({ b }) => api('/api/account/deletion', b.cookie, 'POST', { password: PASSWORD }),
    CLOSE_CODES.unauthenticated,
  ],
  [
    'suspension by an admin',
    async ({ user }) => {
      const admin = await buildAdmin(running.ctx);
      await suspendUser(running.ctx, { actor: { id: admin.user.id, username: admin.user.username }, ip: '' }, user.id, 'spam');
    },
    CLOSE_CODES.unauthenticated,
  ],
  [
    'a role change by an admin',
    async ({ user }) => {
      const admin = await buildAdmin(running.ctx);
      await setUserRoles(running.ctx, { actor: { id: admin.user.id, username: admin.user.username }, ip: '' }, user.id, ['author']);
    },
    CLOSE_CODES.sessionChanged,
  ],
  [
    'expiry (found by the periodic check)',
    ({ a }) =>
      running.ctx.db
        .updateTable('sessions')
        .set({ expiresAt: Date.now() - 1 })
        .where('id', '=', a.sessionId)
        .execute(),
    CLOSE_CODES.unauthenticated,
  ],
];

describe('a revoked session', () => {
  it.each(triggers)('closes its socket and ends its stream on %s', async (_name, trigger, code) => {
    const devices = await twoDevices();
    const res = await trigger(devices);
    if (res instanceof Response) expect(res.status).toBeLessThan(300);
    expect(await within(devices.a.collab.closed, 'socket')).toBe(code);
    await within(devices.a.stream.ended, 'stream');
  });

  it("keeps the asking device's channels open", async () => {
    const { a, b } = await twoDevices();
    expect((await api('/api/auth/sessions/sign-out-others', b.cookie)).status).toBe(200);
    await within(a.stream.ended, 'stream');
    const bEnded = await Promise.race([b.stream.ended.then(() => true), new Promise((r) => setTimeout(() => r(false), 300))]);
    expect(bEnded).toBe(false);
    expect(b.collab.provider.wsconnected).toBe(true);
  });

  it('ends a sync stream at its next heartbeat once the session expired', async () => {
    const t = await buildTestContext();
    try {
      const user = await buildUser(t.ctx);
      const cookie = await signIn(t.ctx, user.id);
      const app = new Hono<AppEnv>()
        .use('*', async (c, next) => {
          c.set('ip', '');
          c.set('https', false);
          await next();
        })
        .use('*', sessionMiddleware(t.ctx))
        .get('/stream', (c) => handleStream(t.ctx, c, requireUser(c).id, 50));
      const res = await app.request('http://quire.test/stream', { headers: { cookie } });
      t.advance(31 * 24 * 60 * 60 * 1000);
      const events = await readEvents(res, 100, PROMPTLY_MS);
      expect(events.map((e) => e.event)).toEqual(['resync']); // ended before any heartbeat
    } finally {
      await t.close();
    }
  });
});

describe('ending a device', () => {
  it("leaves someone else's session alone when given its id", async () => {
    const victim = await twoDevices();
    const attacker = await buildUser(running.ctx);
    const attackerCookie = await signIn(running.ctx, attacker.id);
    expect((await api(`/api/auth/sessions/${victim.a.sessionId}`, attackerCookie, 'DELETE')).status).toBe(404);
    const ended = await Promise.race([victim.a.stream.ended.then(() => true), new Promise((r) => setTimeout(() => r(false), 300))]);
    expect(ended).toBe(false);
    expect(victim.a.collab.provider.wsconnected).toBe(true);
  });
});
