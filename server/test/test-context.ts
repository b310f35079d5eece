/**
 * A fresh, migrated database per test — a SQLite file in a temp dir, or under `npm run test:pg` a
 * PostgreSQL database copied from the run's template — with a clock the test can move, and the
 * Hono app around it. `request()` adds the same-origin header a browser would send.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'zod/mini';
import type { Endpoint, ResponseOf } from '../../sync/api/contract';
import type { ApiErrorBody } from '../../sync/errors';
import { createApp } from '../app';
import { loadConfig, type Config } from '../config';
import { buildContext } from '../server';
import { testPostgresDatabase } from './postgres-database';

export async function buildTestContext(overrides: Partial<Config> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-test-'));
  const postgres = await testPostgresDatabase();
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    publicUrl: 'http://quire.test',
    demo: false,
    trustProxy: true,
    // A JVM per submission would slow every publishing test; server/publishing/checks/epubcheck.test.ts turns it on.
    epubcheck: false,
    databaseUrl: postgres?.url ?? null,
    ...overrides,
  };
  let offset = 0;
  const now = () => Date.now() + offset;
  const { ctx, worker, handle } = await buildContext(config, now);
  const app = createApp(ctx, { worker });
  return {
    ctx,
    worker,
    app,
    config,
    /** Move the clock forward. */
    advance(ms: number) {
      offset += ms;
    },
    /** A request as the browser would send it from Quire's own origin. */
    request(pathname: string, init: RequestInit & { json?: unknown; cookie?: string; ip?: string } = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has('origin')) headers.set('origin', config.publicUrl);
      if (init.cookie) headers.set('cookie', init.cookie);
      headers.set('x-forwarded-for', init.ip ?? '203.0.113.1');
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      return app.request(`${config.publicUrl}${pathname}`, { ...init, headers, body });
    },
    async close() {
      await worker.stop();
      ctx.collab.relay?.close();
      await ctx.redis?.close();
      await handle.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestContext = Awaited<ReturnType<typeof buildTestContext>>;

/** The session cookie from a response's Set-Cookie, ready for the next request's Cookie header. */
export function sessionCookieFrom(res: Response): string | undefined {
  const header = res.headers.getSetCookie().find((h) => h.startsWith('quire_session='));
  const value = header?.split(';')[0];
  return value && value !== 'quire_session=' ? value : undefined;
}

/** A typed endpoint's answer, parsed with its response schema: the test checks the contract too. */
export async function answerOf<E extends Endpoint>(res: Response, endpoint: E): Promise<ResponseOf<E>> {
  return parse(endpoint.response, await res.json()) as ResponseOf<E>;
}

/** What a refused request said: `{ error: { code, message, fields? } }`. */
export async function errorOf(res: Response): Promise<ApiErrorBody['error']> {
  const body = (await res.json()) as Partial<ApiErrorBody>;
  if (!body.error) throw new Error(`expected an error answer, got ${res.status} ${JSON.stringify(body)}`);
  return body.error;
}
