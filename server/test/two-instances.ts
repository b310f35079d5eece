/**
 * Two Quire instances as one (issue 15): two startServer(...) in this process on one data dir
 * (one SQLite file in WAL mode), sharing one throwaway redis-server, each on a port of its own.
 * A migrates the file first; B starts after it with `demo: false`. Requests go over real HTTP
 * with the Origin header a browser would send, so each instance is reached as a browser would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../sync/replication/protocol-version';
import { loadConfig, type Config } from '../config';
import { startServer, type RunningServer } from '../server';
import { startTestRedis } from './redis-server';

export interface Instance {
  name: 'A' | 'B';
  running: RunningServer;
  url: string;
  request(pathname: string, init?: { method?: string; cookie?: string; json?: unknown }): Promise<Response>;
  /** Open the sync stream (SSE) as `cookie`; resolves once its RESYNC arrived. */
  openStream(cookie: string): Promise<TestStream>;
}

interface SseEvent {
  event: string;
  data: unknown;
}

interface TestStream {
  events: SseEvent[];
  /** The next event after those already read that `match` accepts; rejects after `ms`. */
  next(match: (e: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Longer than a hint takes between instances, far shorter than a heartbeat. */
const PROMPTLY_MS = 3_000;

function instance(name: Instance['name'], running: RunningServer, opened: AbortController[]): Instance {
  const url = running.url;
  const request: Instance['request'] = (pathname, init = {}) =>
    fetch(`${url}${pathname}`, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers: {
        origin: url,
        [PROTOCOL_HEADER]: String(PROTOCOL_VERSION),
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  async function openStream(cookie: string): Promise<TestStream> {
    const controller = new AbortController();
    opened.push(controller);
    const res = await fetch(`${url}/api/sync/stream`, {
      headers: { cookie, origin: url, [PROTOCOL_HEADER]: String(PROTOCOL_VERSION) },
      signal: controller.signal,
    });
    if (res.status !== 200) throw new Error(`stream on ${name}: ${res.status} ${await res.text()}`);
    const events: SseEvent[] = [];
    let wake = () => {};
    let done = false;
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const ended = (async () => {
      let buffer = '';
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) return;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          events.push({ event: /^event: (.*)$/m.exec(block)?.[1] ?? 'message', data: data === undefined ? undefined : JSON.parse(data) });
          wake();
        }
      }
    })()
      .catch(() => undefined) // a reset connection ends the stream as surely as a clean end
      .finally(() => {
        done = true;
        wake();
      });
    let read = 0;
    async function next(match: (e: SseEvent) => boolean, ms = PROMPTLY_MS): Promise<SseEvent> {
      const deadline = Date.now() + ms;
      for (;;) {
        while (read < events.length) {
          const e = events[read++]!;
          if (match(e)) return e;
        }
        if (done) throw new Error(`stream on ${name} ended without a matching event (got ${JSON.stringify(events)})`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`stream on ${name}: no matching event within ${ms} ms (got ${JSON.stringify(events)})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
    await next((e) => e.event === 'resync');
    return { events, next, ended, close: () => controller.abort() };
  }
  return { name, running, url, request, openStream };
}

export async function startTwoInstances(overrides: Partial<Config> = {}) {
  const redis = await startTestRedis();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-two-'));
  // An empty client folder: the tests need no built app, and static serving must not see dataDir.
  const clientDir = path.join(dataDir, 'client');
  fs.mkdirSync(clientDir, { recursive: true });
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    clientDir,
    port: 0,
    host: '127.0.0.1',
    demo: false,
    epubcheck: false,
    redisUrl: redis.url,
    ...overrides,
  };
  const quiet = { collab: { log: () => {} } };
  const runningA = await startServer(config, quiet);
  const runningB = await startServer({ ...config, demo: false }, quiet);
  const opened: AbortController[] = [];
  return {
    a: instance('A', runningA, opened),
    b: instance('B', runningB, opened),
    dataDir,
    async close() {
      for (const controller of opened) controller.abort();
      await runningB.close();
      await runningA.close();
      await redis.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TwoInstances = Awaited<ReturnType<typeof startTwoInstances>>;
