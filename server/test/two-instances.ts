/**
 * Two Quire instances as one (issue 15), as a deployment runs them: two OS processes
 * (server/test/instance-main.ts, the server of main.ts configured from the environment) on
 * loopback, sharing one database and one throwaway redis-server, each on a port of its own.
 * The database is PostgreSQL when its binaries exist — a database of the run's cluster under
 * `npm run test:pg`, otherwise a throwaway cluster of this file's own — and one SQLite file
 * (WAL) when they do not, which the set-up says.
 *
 * The test process holds a context of its own on the same database and Redis (`two.ctx`): it
 * migrates before the instances start and makes fixtures (accounts, manuscripts) the way the
 * unit tests do; everything that a test claims happened "on A" or "on B" goes through that
 * instance's HTTP API, sockets or stdin. Requests carry the Origin header a browser would send.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../sync/replication/protocol-version';
import { loadConfig, type Config } from '../config';
import { buildContext } from '../server';
import { testPostgresDatabase } from './postgres-database';
import { postgresBinDir, startTestPostgres } from './postgres-server';
import { freePort, startTestRedis } from './redis-server';

/**
 * For the hooks that start and stop a pair: two processes loading the whole server, a cluster
 * and a migration take 5–10 s on 2 idle cores, and measured 20–25 s with three such files
 * starting at once on a loaded machine — past vitest's 20 s default. The same 60 s as the other
 * test that starts real processes (jobs/claim-across-processes.test.ts).
 */
export const START_TIMEOUT_MS = 60_000;

/** The job kind each instance process registers (instance-main.ts); its handler reports who ran it. */
export const TEST_JOB_KIND = 'test:two-instances';

export interface Instance {
  name: 'A' | 'B';
  url: string;
  /** The ids (payload `id`) of the TEST_JOB_KIND jobs this instance ran, in order. */
  ran: string[];
  /** This instance's queue enqueues n TEST_JOB_KIND jobs (payload ids job-0 …); their row ids. */
  enqueue(n: number): Promise<number[]>;
  /** Stop the process (SIGTERM: it closes as main.ts does; resolves once it exited). */
  stop(): Promise<void>;
  /** Start a stopped instance again, on the same port (its clients' reconnects find it). */
  start(): Promise<void>;
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

interface InstanceProcess {
  child: ChildProcess;
  /** Give the loaded process its environment (database, Redis, port …): it starts the server. */
  go(env: Record<string, string>): void;
  /** Resolves once it listens; rejects if it exits first. */
  ready: Promise<void>;
  exited: Promise<void>;
  onLine(listener: (line: string) => void): void;
}

/**
 * Spawn instance-main.ts now: it loads the server's modules (the slow part of a start, seconds)
 * while the caller prepares the database, and starts once `go` hands it its environment.
 */
function spawnInstance(name: Instance['name']): InstanceProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'instance-main.ts')], {
    env: { ...process.env, QUIRE_INSTANCE_NAME: name },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const listeners: ((line: string) => void)[] = [];
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let end: number;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      for (const listener of listeners) listener(line);
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    listeners.push((line) => line.startsWith('ready ') && resolve());
    void exited.then(() => reject(new Error(`instance ${name} exited with ${child.exitCode} before it listened`)));
  });
  ready.catch(() => {}); // a spare stopped before it started is no failure; start() awaits it
  return {
    child,
    go: (env) => child.stdin!.write(`start ${JSON.stringify(env)}\n`),
    ready,
    exited,
    onLine: (listener) => listeners.push(listener),
  };
}

async function stopProcess(p: InstanceProcess): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGTERM');
  // A clean close takes well under a second; one that hangs must not hold the run.
  const hung = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
  await p.exited;
  clearTimeout(hung);
}

/**
 * One instance's processes: the first is spawned at once; `start` configures it. `stop` ends the
 * process, and `start` again runs a new one (nothing kept in memory) on the same port. With
 * `warmSuccessor` the next process is spawned as soon as one listens, so it has loaded its
 * modules by the time the instance restarts (a restart then costs the server's start, not a
 * process's seconds of loading); without it, the next process is spawned when the instance stops.
 */
function instanceSlot(name: Instance['name'], opened: AbortController[], warmSuccessor: boolean) {
  const ran: string[] = [];
  const enqueued: ((ids: number[]) => void)[] = [];
  let current = spawnInstance(name);
  let successor: InstanceProcess | null = null;
  let env: Record<string, string> = {};
  const launch = async () => {
    const p = current;
    p.onLine((line) => {
      if (line.startsWith('ran ')) ran.push((JSON.parse(line.slice(4)) as { id: string }).id);
      if (line.startsWith('enqueued ')) enqueued.shift()?.(JSON.parse(line.slice(9)) as number[]);
    });
    p.go(env);
    await p.ready;
    if (warmSuccessor) successor = spawnInstance(name);
  };
  return {
    async start(shared: Record<string, string>): Promise<Instance> {
      const port = await freePort();
      env = { ...shared, PORT: String(port) };
      await launch();
      return {
        ...instance(name, `http://localhost:${port}`, opened),
        ran,
        enqueue(n: number) {
          return new Promise<number[]>((resolve) => {
            enqueued.push(resolve);
            current.child.stdin!.write(`enqueue ${n}\n`);
          });
        },
        async stop() {
          const stopping = current;
          current = successor ?? spawnInstance(name);
          successor = null;
          await stopProcess(stopping);
        },
        start: launch,
      };
    },
    async dispose() {
      await Promise.all([stopProcess(current), successor ? stopProcess(successor) : undefined]);
    },
  };
}

function instance(name: Instance['name'], url: string, opened: AbortController[]): Omit<Instance, 'ran' | 'enqueue' | 'stop' | 'start'> {
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
  return { name, url, request, openStream };
}

/** The one database both instances use: a PostgreSQL URL, or null for the SQLite file in their DATA_DIR. */
async function sharedDatabase(): Promise<{ url: string | null; drop(): Promise<void> }> {
  // `npm run test:pg`: a copy of the run's migrated template.
  const ofRun = await testPostgresDatabase();
  if (ofRun) return ofRun;
  if (!postgresBinDir()) {
    console.warn('PostgreSQL is not installed: the two instances share one SQLite file instead of one PostgreSQL database (.ci/run installs it).');
    return { url: null, drop: async () => {} };
  }
  const cluster = await startTestPostgres();
  const admin = new pg.Client(cluster.url);
  await admin.connect();
  await admin.query('CREATE DATABASE quire');
  await admin.end();
  return { url: cluster.urlOf('quire'), drop: () => cluster.stop() };
}

/**
 * Start the pair (once per test file: each start costs seconds). `env` adds to both instances'
 * environment (e.g. QUIRE_RATE_LIMIT_SCALE); `restarts` keeps a loaded successor process ready
 * for B, for files that stop and start it (A can be restarted too, but waits for its process to load).
 */
export async function startTwoInstances(env: Record<string, string> = {}, options: { restarts?: boolean } = {}) {
  const began = performance.now();
  const opened: AbortController[] = [];
  // The processes load the server while Redis and the database are made ready.
  const slots = [instanceSlot('A', opened, false), instanceSlot('B', opened, !!options.restarts)] as const;
  // What else is running so far, stopped newest first by close() — or at once if the start fails.
  const running: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    for (const controller of opened) controller.abort();
    await Promise.all(slots.map((slot) => slot.dispose()));
    for (const stop of running.splice(0).reverse()) await stop();
  };
  try {
    const redis = await startTestRedis();
    running.push(() => redis.stop());
    const database = await sharedDatabase();
    running.push(() => database.drop());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-two-'));
    running.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
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
      databaseUrl: database.url,
    };
    // The test's own context migrates the database before either instance opens it.
    const { ctx, handle } = await buildContext(config, Date.now, { collab: { log: () => {} } });
    running.push(async () => {
      ctx.collab.relay?.close();
      await ctx.redis?.close();
      await handle.close();
    });
    const shared = {
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      REDIS_URL: redis.url,
      QUIRE_DEMO: '0',
      QUIRE_EPUBCHECK: '0',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...env,
    };
    const [a, b] = await Promise.all(slots.map((slot) => slot.start(shared)));
    return {
      a,
      b,
      /** The test's own context on the shared database and Redis (fixtures, checks). */
      ctx,
      /** "two instances on PostgreSQL, started in 5200 ms", for the test's log. */
      summary: `two instances on ${database.url ? 'PostgreSQL' : 'SQLite'}, started in ${Math.round(performance.now() - began)} ms`,
      engine: database.url ? ('PostgreSQL' as const) : ('SQLite' as const),
      redisUrl: redis.url,
      close: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

export type TwoInstances = Awaited<ReturnType<typeof startTwoInstances>>;
