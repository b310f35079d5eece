/**
 * One proxy-trust decision (server/http/proxy.ts): without TRUST_PROXY the forwarded headers are
 * ignored on every path (cookie, client address, collab upgrade); with it they are honoured.
 */
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { buildManuscript, tempDataDir } from '../collab/test-helpers';
import { buildUser } from '../admin/test-helpers';
import { hashPassword } from '../auth/password';
import { markRolesChanged } from '../auth/sessions';
import { loadConfig } from '../config';
import { startServer, type RunningServer } from '../server';
import { clientIp, requestIsHttps, type RequestFacts } from './proxy';

const PASSWORD = 'a long and unusual passphrase';
// A client-written entry first, then the one our proxy appended.
const FORWARDED = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.66, 198.51.100.7' };

let running: RunningServer | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

async function start(trustProxy: boolean) {
  const dataDir = tempDataDir();
  const clientDir = path.join(dataDir, 'client');
  fs.mkdirSync(clientDir, { recursive: true });
  running = await startServer(
    { ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, clientDir, demo: false, rateLimitScale: 1000, trustProxy },
    { collab: { log: () => {} } },
  );
  const user = await buildUser(running.ctx, { passwordHash: await hashPassword(PASSWORD) });
  // Behind an HTTPS proxy the browser's origin is https://, though this server speaks plain HTTP.
  const origin = trustProxy ? running.url.replace(/^http:/, 'https:') : running.url;
  return { server: running, user, origin };
}

async function signIn(server: RunningServer, origin: string, email: string) {
  const res = await fetch(`${server.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', ...FORWARDED },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('quire_session='))!;
  return { setCookie, cookie: setCookie.split(';')[0]! };
}

/** Upgrade to /collab after a role change, so the 101 response carries a rotated cookie. */
async function rotatedOnUpgrade(server: RunningServer, origin: string, userId: string, cookie: string) {
  const { docNames } = await buildManuscript(server.ctx, userId);
  await markRolesChanged(server.ctx, userId);
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/collab/${docNames[0]}`, { headers: { cookie, origin, ...FORWARDED } });
  const setCookie = await new Promise<string>((resolve) =>
    ws.on('upgrade', (res) => resolve((res.headers['set-cookie'] ?? []).find((c) => c.startsWith('quire_session='))!)),
  );
  ws.close();
  return setCookie;
}

/** The addresses of the user's live sessions (a token replaced by rotation lives on briefly; not counted). */
async function sessionIps(server: RunningServer, userId: string) {
  const rows = await server.ctx.db.selectFrom('sessions').select('ip').where('userId', '=', userId).where('replacedAt', 'is', null).execute();
  return rows.map((r) => r.ip);
}

const facts = (headers: Record<string, string>, tls = false): RequestFacts => ({ header: (n) => headers[n], remoteAddress: '10.0.0.1', tls });

describe('the proxy-trust helper', () => {
  it('ignores forwarded headers unless the proxy is trusted, and takes the entry the proxy added', () => {
    expect(requestIsHttps(facts(FORWARDED), false)).toBe(false);
    expect(clientIp(facts(FORWARDED), false)).toBe('10.0.0.1');
    expect(requestIsHttps(facts(FORWARDED), true)).toBe(true);
    expect(clientIp(facts(FORWARDED), true)).toBe('198.51.100.7');
    expect(requestIsHttps(facts({}, true), false)).toBe(true);
    expect(clientIp(facts({}), true)).toBe('10.0.0.1');
  });
});

describe('TRUST_PROXY off', () => {
  it('sets no Secure cookie and records the socket address, on HTTP and on the collab upgrade', async () => {
    const { server, user, origin } = await start(false);
    const { setCookie, cookie } = await signIn(server, origin, user.email);
    expect(setCookie).not.toMatch(/;\s*Secure/i);
    expect(await sessionIps(server, user.id)).toEqual(['127.0.0.1']);

    const rotated = await rotatedOnUpgrade(server, origin, user.id, cookie);
    expect(rotated).not.toMatch(/;\s*Secure/i);
    expect(await sessionIps(server, user.id)).toEqual(['127.0.0.1']);
  });
});

describe('TRUST_PROXY on', () => {
  it('sets a Secure cookie and records the forwarded address, on HTTP and on the collab upgrade', async () => {
    const { server, user, origin } = await start(true);
    const { setCookie, cookie } = await signIn(server, origin, user.email);
    expect(setCookie).toMatch(/;\s*Secure/i);
    expect(await sessionIps(server, user.id)).toEqual(['198.51.100.7']);

    const rotated = await rotatedOnUpgrade(server, origin, user.id, cookie);
    expect(rotated).toMatch(/;\s*Secure/i);
    expect(await sessionIps(server, user.id)).toEqual(['198.51.100.7']);
  });
});
