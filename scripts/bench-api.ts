/**
 * npm run bench:api — the server's cost per request. `GET /api/auth/me` signed in and a
 * 100-document sync pull, each at 50 concurrent keep-alive connections, beside a hello-world Hono
 * server (@hono/node-server) measured in the same run, round after round, so a machine busy with
 * other work slows all of them alike; the ratio to hello-world is the figure that matters
 * (targets ≥ 0.30 for /me, ≥ 0.10 for the pull). Also the server's start to its first /__probe
 * answer and its idle RSS, IDLE_MS after its last request (targets ≤ 3 s, ≤ 150 MB), as `npm start` runs it.
 *
 * BENCH_API_BEFORE=<another checkout> measures that checkout's server in the same run too (as
 * its `npm start` ran it then: tsx server/main.ts), for before-and-after figures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../sync/replication/protocol-version';
import { percentile, writeBenchSection } from './bench-report';
import { startBenchServer, type BenchServer } from './bench-server';
import { runLoad, type LoadRequest, type LoadResult } from './http-load';

const SECTION = '## Server cost per request (`npm run bench:api`)';
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 3);
const STARTS = Number(process.env.BENCH_API_STARTS ?? 3);
const PULL_DOCS = 100;
const TARGETS = { me: 0.3, pull: 0.1, startMs: 3000, rssMb: 150 };
/** As `npm start` runs the server, without npm around it: `production` picks Lexical's production build alone. */
const COMPILED = [process.execPath, '--conditions=production', '--enable-source-maps', 'dist-server/main.js'];
/** V8 gives back its young generation (up to 32 MB) once allocation has stopped for a while. */
const IDLE_MS = 45_000;

const HELLO = `import { serve } from '@hono/node-server';
import { Hono } from 'hono';
const app = new Hono().get('/', (c) => c.text('Hello Hono!'));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => console.log('ready'));`;

/** A port nobody listens on now (other work on this machine holds fixed ones). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
}

async function startHello(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', HELLO], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', () => reject(new Error('The hello-world server did not start.')));
  });
  return child;
}

/** RSS of a process and its descendants (tsx runs the server in a child of its own), in MB. */
function treeRssMb(pid: number): number {
  let kb = 0;
  try {
    kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      for (const child of fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) kb += treeRssMb(Number(child)) * 1024;
    }
  } catch {
    // the process ended while we looked
  }
  return kb / 1024;
}

interface Quire {
  label: string;
  server: BenchServer;
  me: LoadRequest;
  pull: LoadRequest;
  /** Just after its first requests (2 s). */
  rssMb: number;
  /** After IDLE_MS without a request. */
  idleRssMb: number;
}

/** Signs in as the demo reader and gives them PULL_DOCS reading lists of a realistic size. */
async function prepare(label: string, server: BenchServer): Promise<Quire> {
  const { origin } = server;
  const signIn = await fetch(`${origin}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'reader@quire.test', password: 'quire-demo-pass' }),
  });
  const cookie = /quire_session=[^;]+/.exec(signIn.headers.get('set-cookie') ?? '')?.[0];
  if (!signIn.ok || !cookie) throw new Error(`${label}: sign-in answered ${signIn.status}`);
  const me = (await (await fetch(`${origin}/api/auth/me`, { headers: { cookie } })).json()) as { user: { id: string } };
  const sync = { 'content-type': 'application/json', origin, cookie, [PROTOCOL_HEADER]: String(PROTOCOL_VERSION) };
  const now = Date.now();
  const rows = Array.from({ length: PULL_DOCS }, (_, i) => ({
    assumedMasterState: null,
    newDocumentState: {
      id: `bench-list-${i}`,
      ownerId: me.user.id,
      name: `Books to read, part ${i}`,
      description: 'Collected for the API benchmark: a list with a few books and notes.',
      visibility: 'private',
      items: Array.from({ length: 4 }, (_, j) => ({
        bookId: `book-${j}`,
        note: j % 2 ? 'Recommended by a friend.' : '',
        position: j,
        title: `A Title ${j}`,
        authors: 'Some Author',
      })),
      createdAt: now,
      updatedAt: now,
      _deleted: false,
    },
  }));
  const pushed = await fetch(`${origin}/api/sync/reading-lists/push`, { method: 'POST', headers: sync, body: JSON.stringify({ rows }) });
  const pushResult = (await pushed.json()) as { rejected: unknown[]; conflicts: unknown[] };
  if (!pushed.ok || pushResult.rejected.length || pushResult.conflicts.length)
    throw new Error(`${label}: push failed ${JSON.stringify(pushResult).slice(0, 300)}`);
  const pull: LoadRequest = {
    method: 'POST',
    path: '/api/sync/reading-lists/pull',
    headers: sync,
    body: JSON.stringify({ checkpoint: null, limit: PULL_DOCS }),
  };
  const page = (await (await fetch(`${origin}${pull.path}`, { method: 'POST', headers: sync, body: pull.body })).json()) as { documents: unknown[] };
  if (page.documents.length !== PULL_DOCS) throw new Error(`${label}: the pull answered ${page.documents.length} documents`);
  await new Promise((r) => setTimeout(r, 2000)); // the seed's jobs done, nothing asked since
  const rssMb = treeRssMb(server.child.pid!);
  await new Promise((r) => setTimeout(r, IDLE_MS - 2000));
  return { label, server, me: { method: 'GET', path: '/api/auth/me', headers: { cookie } }, pull, rssMb, idleRssMb: treeRssMb(server.child.pid!) };
}

interface Series {
  results: LoadResult[];
}
const series = new Map<string, Series>();
async function measure(key: string, origin: string, req: LoadRequest) {
  const result = await runLoad(origin, req, { connections: CONNECTIONS, seconds: SECONDS });
  if (result.failures) throw new Error(`${key}: ${result.failures} of ${result.requests} answers were not 200`);
  const s = series.get(key) ?? { results: [] };
  s.results.push(result);
  series.set(key, s);
}
function summary(key: string) {
  const { results } = series.get(key)!;
  const requests = results.reduce((n, r) => n + r.requests, 0);
  const seconds = results.reduce((n, r) => n + r.seconds, 0);
  const latencies = results.flatMap((r) => r.latenciesMs);
  return { rps: requests / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function startTimes(label: string, options: Parameters<typeof startBenchServer>[3]) {
  const times: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const server = await startBenchServer(await freePort(), `api-start-${label}`, 'bench:api', options);
    times.push(server.startMs);
    server.stop();
    await new Promise((r) => server.child.once('exit', r));
  }
  return percentile(times, 50);
}

/** `npm start` as a person runs it, build current: the build check, then the compiled server, to the first /__probe answer. */
async function npmStartMs(port: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-npm-start-'));
    const started = performance.now();
    const child = spawn('npm', ['start'], {
      detached: true, // its own process group: npm, sh and the server stop together
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}`, QUIRE_DEMO: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise((r) => child.once('exit', r));
    try {
      for (;;) {
        if (performance.now() - started > 120_000) throw new Error('npm start did not answer /__probe');
        if (
          await fetch(`http://127.0.0.1:${port}/__probe`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        await new Promise((r) => setTimeout(r, 50));
      }
      times.push(performance.now() - started);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return percentile(times, 50);
}

async function main() {
  if (!fs.existsSync(COMPILED.at(-1)!)) throw new Error('No compiled server in dist-server/. Run `npm run build` first (npm run bench:api does).');
  const before = process.env.BENCH_API_BEFORE ? path.resolve(process.env.BENCH_API_BEFORE) : null;
  const helloPort = await freePort();
  const hello = await startHello(helloPort);
  const helloOrigin = `http://127.0.0.1:${helloPort}`;
  const quires: Quire[] = [];
  try {
    if (before) {
      const server = await startBenchServer(await freePort(), 'api-before', 'bench:api', {
        cwd: before,
        command: [path.join(before, 'node_modules/.bin/tsx'), 'server/main.ts'],
      });
      quires.push(await prepare('before', server));
    }
    quires.push(await prepare('after', await startBenchServer(await freePort(), 'api', 'bench:api', { command: COMPILED })));

    // Warm every server's code paths (JIT, page cache, statement cache) before anything counts.
    const warm = { connections: CONNECTIONS, seconds: 2 };
    await runLoad(helloOrigin, { method: 'GET', path: '/' }, warm);
    for (const q of quires) for (const req of [q.me, q.pull]) await runLoad(q.server.origin, req, warm);

    for (let round = 0; round < ROUNDS; round++) {
      await measure('hello', helloOrigin, { method: 'GET', path: '/' });
      for (const q of quires) {
        await measure(`me ${q.label}`, q.server.origin, q.me);
        await measure(`pull ${q.label}`, q.server.origin, q.pull);
      }
      console.log(`round ${round + 1} of ${ROUNDS} done`);
    }
  } finally {
    hello.kill();
    for (const q of quires) q.server.stop();
  }

  const startBefore = before ? await startTimes('before', { cwd: before, command: [path.join(before, 'node_modules/.bin/tsx'), 'server/main.ts'] }) : null;
  const startAfter = await startTimes('after', { command: COMPILED });
  const npmStart = await npmStartMs(await freePort());

  const h = summary('hello');
  const f0 = (n: number) => Math.round(n).toLocaleString('en');
  const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
  const lines = [
    `| request (${CONNECTIONS} connections) | server | req/s | p50 | p99 | ÷ hello-world | target |`,
    '|---|---|---|---|---|---|---|',
    `| \`GET /\` text | hello-world Hono | ${f0(h.rps)} | ${ms(h.p50)} | ${ms(h.p99)} | 1 | |`,
  ];
  for (const [kind, title, target] of [
    ['me', '`GET /api/auth/me`, signed in', TARGETS.me],
    ['pull', `sync pull, ${PULL_DOCS} documents`, TARGETS.pull],
  ] as const) {
    for (const q of quires) {
      const s = summary(`${kind} ${q.label}`);
      lines.push(`| ${title} | ${q.label} | ${f0(s.rps)} | ${ms(s.p50)} | ${ms(s.p99)} | **${(s.rps / h.rps).toFixed(2)}** | ≥ ${target.toFixed(2)} |`);
    }
  }
  const startLines = [
    `| server | start to first \`/__probe\` (median of ${STARTS}, demo seed) | RSS 2 s after its first requests | idle RSS (${IDLE_MS / 1000} s without a request) | target |`,
    '|---|---|---|---|---|',
    ...quires.map((q) => {
      const command = q.label === 'before' ? '`tsx server/main.ts`' : '`node --conditions=production dist-server/main.js`';
      const start = q.label === 'before' ? startBefore! : startAfter;
      return `| ${q.label}: ${command} | ${(start / 1000).toFixed(2)} s | ${Math.round(q.rssMb)} MB | ${Math.round(q.idleRssMb)} MB | ≤ ${TARGETS.startMs / 1000} s, ≤ ${TARGETS.rssMb} MB idle |`;
    }),
    `| after: \`npm start\` (build current: the check, then the compiled server) | ${(npmStart / 1000).toFixed(2)} s | | | ≤ ${TARGETS.startMs / 1000} s |`,
  ];
  const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; load average ${os.loadavg()[0]!.toFixed(1)} at the end, client and servers on one machine (loopback), ${ROUNDS} rounds of ${SECONDS} s per server, taking turns${before ? `; "before" is ${path.basename(before)} (tsx), "after" this checkout (compiled), in the same run` : ''}.`;
  console.log([machine, '', ...lines, '', ...startLines].join('\n'));
  writeBenchSection(SECTION, [machine, '', ...lines, '', ...startLines].join('\n'));
}

await main();
