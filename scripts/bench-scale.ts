/**
 * npm run bench:scale — several instances (issue 15) against one, in the same run:
 *  1. sync propagation: a list pushed through instance A, until a client whose stream is on B
 *     (cross-instance) or on A (same instance) has pulled it, p50/p95, samples interleaved;
 *  2. collaboration propagation: a paragraph typed by an editor on A, until another editor's copy
 *     on B (or on A) shows it, p50/p95, interleaved;
 *  3. API read throughput (`GET /api/auth/me`, 50 keep-alive connections) through a round-robin
 *     proxy in front of one instance and in front of two, each a process of its own, rounds
 *     alternating so a busy machine slows both alike.
 * (1) and (2) run both instances as processes of their own (server/test/two-instances.ts) over one
 * throwaway redis-server and one PostgreSQL database (one SQLite file without PostgreSQL). On 2 cores, two instances plus the
 * proxy and the load generator compete for the same CPU, so (3) reports a ratio, not a speed-up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildSignedInUser } from '../server/admin/test-helpers';
import type { AppContext } from '../server/context';
import * as Y from 'yjs';
import { appendParagraphUpdate } from '../server/collab/lexical-doc';
import { addMember, buildManuscript, connectClient, waitFor } from '../server/collab/test-helpers';
import { buildList, buildUser } from '../server/sync/test-helpers';
import { freePort, startTestRedis } from '../server/test/redis-server';
import { startTwoInstances, type Instance } from '../server/test/two-instances';
import { percentile, writeBenchSection } from './bench-report';
import { runLoad } from './http-load';

const SECTION = '## Several instances (`npm run bench:scale`)';
const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES ?? 100);
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 5);
const CONNECTIONS = 50;
const GOAL_P95_MS = 50;

const ms = (n: number) => `${n.toFixed(1)} ms`;
const summary = (values: number[]) => ({ p50: percentile(values, 50), p95: percentile(values, 95) });

async function syncPropagation(ctx: AppContext, a: Instance, b: Instance) {
  const cookie = await buildUser(ctx, 'bench-scale');
  const onA = await a.openStream(cookie);
  const onB = await b.openStream(cookie);
  const samples = { same: [] as number[], cross: [] as number[] };
  // Each client pulls from where its last pull ended, as a device does.
  const checkpoints: Record<'same' | 'cross', unknown> = { same: null, cross: null };
  for (let i = 0; i < SAMPLES * 2; i++) {
    const where = i % 2 === 0 ? 'cross' : 'same';
    const [stream, reader] = where === 'cross' ? [onB, b] : [onA, a];
    const list = buildList({ ownerId: 'bench-scale', name: `List ${i}` });
    const started = performance.now();
    const pushed = await a.request('/api/sync/reading-lists/push', { cookie, json: { rows: [{ assumedMasterState: null, newDocumentState: list }] } });
    if (pushed.status !== 200) throw new Error(`push answered ${pushed.status}`);
    const hint = await stream.next((e) => e.event === 'change' && (e.data as { checkpoint?: { id?: string } }).checkpoint?.id === list.id);
    const pulled = await reader.request('/api/sync/reading-lists/pull', { cookie, json: { checkpoint: checkpoints[where], limit: 100 } });
    const answer = (await pulled.json()) as { documents: { id: string }[]; checkpoint: unknown };
    checkpoints[where] = answer.checkpoint;
    if (!hint || !answer.documents.some((d) => d.id === list.id)) throw new Error('the pushed list was not pulled');
    samples[where].push(performance.now() - started);
  }
  onA.close();
  onB.close();
  return samples;
}

async function collabPropagation(ctx: AppContext, a: Instance, b: Instance) {
  const owner = await buildSignedInUser(ctx, { roles: ['author'] });
  const editors = [await buildSignedInUser(ctx), await buildSignedInUser(ctx)];
  const manuscript = await buildManuscript(ctx, owner.user.id);
  for (const e of editors) await addMember(ctx, manuscript.id, e.user.id, 'editor');
  const docName = manuscript.docNames[0]!;
  const writer = connectClient(a.url, docName, { cookie: owner.cookie });
  const sameReader = connectClient(a.url, docName, { cookie: editors[0]!.cookie });
  const crossReader = connectClient(b.url, docName, { cookie: editors[1]!.cookie });
  await Promise.all([writer.synced, sameReader.synced, crossReader.synced]);
  const samples = { same: [] as number[], cross: [] as number[] };
  for (let i = 0; i < SAMPLES; i++) {
    const marker = `Sample ${i}.`;
    // The edit is made first (a Lexical transaction), so the clock runs from the keystroke's update.
    const update = appendParagraphUpdate(Y.encodeStateAsUpdate(writer.doc), marker);
    const started = performance.now();
    const seen = { same: 0, cross: 0 };
    const watch = (which: 'same' | 'cross', client: typeof writer) => {
      const check = () => {
        // The Yjs tree's own text, not a Lexical render: the figure is the trip, not the rendering.
        if (!seen[which] && client.doc.get('root', Y.XmlText).toString().includes(marker)) seen[which] = performance.now() - started;
      };
      client.doc.on('update', check);
      return () => client.doc.off('update', check);
    };
    const stops = [watch('same', sameReader), watch('cross', crossReader)];
    Y.applyUpdate(writer.doc, update);
    await waitFor(() => seen.same > 0 && seen.cross > 0, 10_000);
    for (const stop of stops) stop();
    samples.same.push(seen.same);
    samples.cross.push(seen.cross);
  }
  for (const client of [writer, sameReader, crossReader]) client.destroy();
  return samples;
}

async function waitForProbe(origin: string, child: ChildProcess) {
  const deadline = performance.now() + 180_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${origin} exited with ${child.exitCode}`);
    if (
      await fetch(`${origin}/__probe`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${origin} did not start`);
}

/** A round-robin HTTP proxy in a process of its own, as a deployment would have (docs/deploy uses Caddy). */
const PROXY = `import http from 'node:http';
const upstreams = JSON.parse(process.env.UPSTREAMS);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let next = 0;
http.createServer((req, res) => {
  const port = upstreams[next++ % upstreams.length];
  const forward = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent }, (up) => {
    res.writeHead(up.statusCode, up.headers);
    up.pipe(res);
  });
  forward.on('error', () => { res.writeHead(502); res.end(); });
  req.pipe(forward);
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));`;

async function startProxy(upstreams: number[]) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--input-type=module', '-e', PROXY], {
    env: { ...process.env, PORT: String(port), UPSTREAMS: JSON.stringify(upstreams) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout!.once('data', resolve));
  return { origin: `http://127.0.0.1:${port}`, child };
}

async function apiThroughput() {
  const redis = await startTestRedis();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-scale-'));
  const clientDir = path.join(dataDir, 'client');
  fs.mkdirSync(clientDir);
  const children: ChildProcess[] = [];
  const start = async (demo: boolean) => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        CLIENT_DIR: clientDir,
        REDIS_URL: redis.url,
        QUIRE_DEMO: demo ? '1' : '0',
        QUIRE_RATE_LIMIT_SCALE: '1000',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    await waitForProbe(origin, child);
    return port;
  };
  try {
    // A first: it migrates and seeds the one file; B starts on what A wrote.
    const portA = await start(true);
    const portB = await start(false);
    const one = await startProxy([portA]);
    const two = await startProxy([portA, portB]);
    children.push(one.child, two.child);
    const signIn = await fetch(`http://127.0.0.1:${portA}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${portA}` },
      body: JSON.stringify({ email: 'reader@quire.test', password: 'quire-demo-pass' }),
    });
    const cookie = /quire_session=[^;]+/.exec(signIn.headers.get('set-cookie') ?? '')?.[0];
    if (!cookie) throw new Error(`sign-in answered ${signIn.status}`);
    const me = { method: 'GET' as const, path: '/api/auth/me', headers: { cookie } };
    for (const proxy of [one, two]) await runLoad(proxy.origin, me, { connections: CONNECTIONS, seconds: 1 });
    const rates = { one: [] as number[], two: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [which, proxy] of [
        ['one', one],
        ['two', two],
      ] as const) {
        const result = await runLoad(proxy.origin, me, { connections: CONNECTIONS, seconds: SECONDS });
        if (result.failures > 0) throw new Error(`${result.failures} failed requests through the ${which}-instance proxy`);
        rates[which].push(result.requests / result.seconds);
      }
    }
    return rates;
  } finally {
    for (const child of children) child.kill();
    await redis.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const two = await startTwoInstances();
  const engine = two.engine;
  let sync, collab;
  try {
    sync = await syncPropagation(two.ctx, two.a, two.b);
    collab = await collabPropagation(two.ctx, two.a, two.b);
  } finally {
    await two.close();
  }
  const api = await apiThroughput();
  const median = (values: number[]) => percentile(values, 50);
  const rows = [
    ['sync propagation', summary(sync.same), summary(sync.cross)],
    ['collaboration propagation', summary(collab.same), summary(collab.cross)],
  ] as const;
  const body = [
    `${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)}, ${SAMPLES} samples each (interleaved), one redis-server and one ${engine} database.`,
    '',
    '| from a client on A to a client on … | same instance p50 / p95 | other instance p50 / p95 |',
    '|---|---|---|',
    ...rows.map(([name, same, cross]) => `| ${name} | ${ms(same.p50)} / ${ms(same.p95)} | ${ms(cross.p50)} / ${ms(cross.p95)} |`),
    '',
    `Goal: other-instance p95 ≤ ${GOAL_P95_MS} ms — sync ${summary(sync.cross).p95 <= GOAL_P95_MS ? 'met' : 'missed'}, collaboration ${summary(collab.cross).p95 <= GOAL_P95_MS ? 'met' : 'missed'}.`,
    '',
    `API reads (\`GET /api/auth/me\`, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s, median): one instance behind the proxy ${Math.round(median(api.one))} req/s, two instances ${Math.round(median(api.two))} req/s, ratio ${(median(api.two) / median(api.one)).toFixed(2)}. On this machine both instances, the proxy and the load generator share ${os.cpus().length} cores, so the ratio says little about a machine with more cores; the point here is that two instances answer as one.`,
  ].join('\n');
  console.log(body);
  writeBenchSection(SECTION, body);
  process.exit(0);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
