/**
 * npm run bench:localdb — the local database where it runs: Chromium (the journeys' flags) on the
 * real Dexie storage (IndexedDB), through the app's own src/db/database.ts built for production.
 * A small page (scripts/bench-localdb-page.ts) is built with Vite and served on loopback; an
 * account of 10,000 documents is seeded once, then each run is a fresh page load that times
 *  1. the first open (code loaded and database ready, as the app's `quire:db-open` measure),
 *  2. the first query of a book's 3,000 annotations (the reader's query, to JSON),
 *  3. single inserts, each awaited (p50/p95).
 * Medians of the runs go to docs/benchmarks.md.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { percentile, writeBenchSection } from './bench-report';
import { collectionSchemas } from './collection-schemas-plugin';
import type { SeedCounts } from './bench-localdb-page';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WRITES = Number(process.env.BENCH_WRITES ?? 200);
const SECTION = '## Local database in the browser (`npm run bench:localdb`)';
const TARGETS = { openMs: 500, writeP95Ms: 1, queryMs: 50 };
/** 10,000 documents; the reader's query of one book's annotations returns 3,000 of them. */
const SEED: SeedCounts = { bookAnnotations: 3_000, otherAnnotations: 3_000, progress: 1_000, lists: 3_000 };
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

interface Bench {
  open(): Promise<{ importMs: number; openMs: number }>;
  seed(counts: SeedCounts): Promise<number>;
  query(): Promise<{ ms: number; docs: number }>;
  writes(n: number, run: number): Promise<number[]>;
  close(): Promise<void>;
}
type Call = <K extends keyof Bench>(page: Page, name: K, ...args: Parameters<Bench[K]>) => Promise<Awaited<ReturnType<Bench[K]>>>;
const call: Call = (page, name, ...args) =>
  page.evaluate(([n, a]) => (window as unknown as { quireBench: Record<string, (...x: unknown[]) => unknown> }).quireBench[n]!(...a), [
    name,
    args,
  ] as const) as never;

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.map': 'application/json' };

/** The page, built as the app is (production mode: no schema validation, minified). */
async function buildPage(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-localdb-'));
  await build({
    configFile: false,
    plugins: [collectionSchemas()], // as the app's build
    worker: { format: 'es' }, // the storage worker, as the app's build
    logLevel: 'warn',
    mode: 'production',
    build: { outDir, emptyOutDir: true, target: 'es2022', rollupOptions: { input: 'scripts/bench-localdb-page.ts', output: { entryFileNames: 'bench.js' } } },
  });
  fs.writeFileSync(
    path.join(outDir, 'index.html'),
    '<!doctype html><meta charset="utf-8"><title>bench:localdb</title><script type="module" src="/bench.js"></script>',
  );
  return outDir;
}

function serve(dir: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const file = path.join(dir, pathname === '/' ? 'index.html' : path.normalize(pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function main() {
  const dir = await buildPage();
  const server = await serve(dir);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    const load = async () => {
      const page = await context.newPage();
      await page.goto(origin);
      await page.waitForFunction(() => 'quireBench' in window);
      return page;
    };

    const setup = await load();
    const empty = await call(setup, 'open');
    const seeded = await call(setup, 'seed', SEED);
    await call(setup, 'close');
    await setup.close();
    console.log(`seeded ${seeded} documents; first open on an empty device ${empty.openMs.toFixed(0)} ms`);

    const opens: number[] = [];
    const imports: number[] = [];
    const queries: number[] = [];
    const writeTimes: number[] = [];
    const writeP95: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const page = await load();
      const open = await call(page, 'open');
      const query = await call(page, 'query');
      if (query.docs !== SEED.bookAnnotations) throw new Error(`the query found ${query.docs} documents`);
      const times = await call(page, 'writes', WRITES, run);
      await call(page, 'close');
      await page.close();
      opens.push(open.openMs);
      imports.push(open.importMs);
      queries.push(query.ms);
      writeTimes.push(...times);
      writeP95.push(percentile(times, 95));
      console.log(
        `run ${run + 1}: open ${open.openMs.toFixed(0)} ms (code ${open.importMs.toFixed(0)} ms), query ${query.ms.toFixed(1)} ms, write p50 ${percentile(times, 50).toFixed(2)} ms p95 ${percentile(times, 95).toFixed(2)} ms`,
      );
    }

    const median = (xs: number[]) => percentile(xs, 50);
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const runs = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
    const lines = [
      '| measure | median of runs | target |',
      '|---|---|---|',
      `| first open in a page, 10,000-document account (code + database ready) | ${median(opens).toFixed(0)} ms (runs: ${runs(opens)}; code ${median(imports).toFixed(0)} ms) | ≤ ${TARGETS.openMs} ms (${met(median(opens) <= TARGETS.openMs)}) |`,
      `| first open, empty database (new device) | ${empty.openMs.toFixed(0)} ms (one run) | |`,
      `| first query, a book's 3,000 annotations to JSON | ${median(queries).toFixed(1)} ms (runs: ${runs(queries)}) | ≤ ${TARGETS.queryMs} ms (${met(median(queries) <= TARGETS.queryMs)}) |`,
      `| local write, one awaited insert (${WRITES} × ${RUNS} runs) | p95 ${median(writeP95).toFixed(2)} ms (median of runs); all: p50 ${percentile(writeTimes, 50).toFixed(2)} ms, p95 ${percentile(writeTimes, 95).toFixed(2)} ms, max ${Math.max(...writeTimes).toFixed(1)} ms | p95 ≤ ${TARGETS.writeP95Ms} ms (${met(median(writeP95) <= TARGETS.writeP95Ms)}) |`,
    ];
    const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length} (shared), Node ${process.version}, Chromium ${browser.version()} headless, ${new Date().toISOString().slice(0, 10)}; ${RUNS} runs, each a fresh page load on the same IndexedDB. Account: ${seeded.toLocaleString('en')} documents (${SEED.bookAnnotations.toLocaleString('en')} annotations in one book, ${SEED.otherAnnotations.toLocaleString('en')} in 30 others, ${SEED.progress.toLocaleString('en')} reading positions, ${SEED.lists.toLocaleString('en')} lists). Production build of src/db/database.ts (no schema validation, several tabs), no replication.`;
    console.log(lines.join('\n'));
    console.log(machine);
    writeBenchSection(SECTION, `${machine}\n\n${lines.join('\n')}`);
  } finally {
    await browser.close();
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
