/**
 * `npm run bench:collab`: a generated 100,000-word manuscript opened chapter by chapter with the
 * stock y-websocket client against a real server in a child process. Measures time to the first
 * editable chapter, update propagation between two clients (p50/p95), and server heap per open
 * document and after every client left. Prints the results and writes docs/benchmarks.md.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as Y from 'yjs';
import { connectClient, docText, waitFor, type TestClient } from '../server/collab/test-helpers';
import { runBenchServer, type BenchRequest, type BenchSetup } from './bench-collab-server';

const TOTAL_WORDS = 100_000;
const CHAPTERS = 25;
const PROPAGATION_SAMPLES = 300;

function ask<T>(child: ChildProcess, request: BenchRequest, reply: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (message: { type: string }) => {
      if (message.type !== reply) return;
      child.off('message', onMessage);
      resolve(message as T);
    };
    child.on('message', onMessage);
    child.send(request);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;

// The last paragraph's XmlText inside the editor's root: typing there is what the editor does.
function lastParagraph(doc: Y.Doc): Y.XmlText {
  const delta = doc.get('root', Y.XmlText).toDelta() as { insert: unknown }[];
  const paragraphs = delta.map((op) => op.insert).filter((x): x is Y.XmlText => x instanceof Y.XmlText);
  return paragraphs.at(-1)!;
}

async function main() {
  const file = fileURLToPath(import.meta.url);
  const child = fork(file, { env: { ...process.env, QUIRE_BENCH_ROLE: 'server' }, execArgv: process.execArgv });
  const { setup } = await new Promise<{ setup: BenchSetup }>((resolve) => child.once('message', (m) => resolve(m as { setup: BenchSetup })));
  const memory = () => ask<{ heapUsed: number; rss: number; gc: boolean }>(child, { type: 'memory' }, 'memory');
  const loaded = async () => (await ask<{ count: number }>(child, { type: 'loaded' }, 'loaded')).count;
  const clients: TestClient[] = [];
  try {
    const baseline = await memory();

    // Time to first editable chapter: connect + sync chapter 1, then load it into Lexical.
    let t0 = performance.now();
    const first = connectClient(setup.url, setup.docNames[0]!, { cookie: setup.ownerCookie });
    clients.push(first);
    await first.synced;
    const firstSyncMs = performance.now() - t0;
    const firstWords = docText(first.doc).split(/\s+/).length;
    const firstEditableMs = performance.now() - t0;

    // Then every other chapter, one after another, as someone paging through the manuscript.
    const chapterMs: number[] = [];
    for (const name of setup.docNames.slice(1)) {
      t0 = performance.now();
      const client = connectClient(setup.url, name, { cookie: setup.ownerCookie });
      clients.push(client);
      await client.synced;
      chapterMs.push(performance.now() - t0);
    }
    const allOpen = await memory();
    const openDocs = await loaded();

    // Propagation: a second person (editor) on chapter 1; the owner types, one keystroke at a time.
    const second = connectClient(setup.url, setup.docNames[0]!, { cookie: setup.editorCookie });
    clients.push(second);
    await second.synced;
    const samples: number[] = [];
    const paragraph = lastParagraph(first.doc);
    for (let i = 0; i < PROPAGATION_SAMPLES; i++) {
      const arrived = new Promise<void>((resolve) => second.doc.once('update', () => resolve()));
      const start = performance.now();
      paragraph.insert(paragraph.length, i % 6 === 5 ? ' ' : 'x');
      await arrived;
      samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);

    for (const client of clients.splice(0)) client.destroy();
    await waitFor(async () => (await loaded()) === 0, 30_000);
    const after = await memory();

    const perDoc = (allOpen.heapUsed - baseline.heapUsed) / openDocs;
    const drift = (after.heapUsed - baseline.heapUsed) / baseline.heapUsed;
    const results = {
      manuscript: `${setup.words.toLocaleString('en')} words in ${setup.docNames.length} chapters (~${firstWords.toLocaleString('en')} words each), seeded in ${ms(setup.seedMs)}`,
      firstSync: ms(firstSyncMs),
      firstEditable: ms(firstEditableMs),
      chapterOpen: `p50 ${ms(
        percentile(
          [...chapterMs].sort((a, b) => a - b),
          50,
        ),
      )}, max ${ms(Math.max(...chapterMs))}`,
      propagation: `p50 ${ms(percentile(samples, 50))}, p95 ${ms(percentile(samples, 95))}, max ${ms(samples.at(-1)!)} (${samples.length} keystrokes)`,
      heapBaseline: mb(baseline.heapUsed),
      heapAllOpen: `${mb(allOpen.heapUsed)} with ${openDocs} documents open → ${mb(perDoc)} per open document`,
      heapAfter: `${mb(after.heapUsed)} after all clients left (${drift >= 0 ? '+' : ''}${(drift * 100).toFixed(1)} % of baseline)`,
      rss: `${mb(baseline.rss)} → ${mb(allOpen.rss)} → ${mb(after.rss)}`,
      gc: after.gc,
      targets: {
        firstEditable: firstEditableMs <= 1000,
        propagationP95: percentile(samples, 95) <= 50,
        memoryBack: drift <= 0.1,
      },
    };
    console.log(JSON.stringify(results, null, 2));
    writeDoc(results);
  } finally {
    for (const client of clients) client.destroy();
    child.send({ type: 'stop' } satisfies BenchRequest);
  }
}

function writeDoc(r: Record<string, unknown> & { targets: Record<string, boolean> }) {
  const ok = (b: boolean) => (b ? 'met' : 'MISSED');
  const section = `## Collaboration

\`npm run bench:collab\` (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, loopback, server in its own process with \`--expose-gc\`; stock \`y-websocket\` client)

| measure | result | target |
|---|---|---|
| manuscript | ${r.manuscript} | |
| first chapter synced | ${r.firstSync} | |
| first chapter editable (synced + loaded into headless Lexical) | ${r.firstEditable} | ≤ 1 s (${ok(r.targets.firstEditable!)}) |
| each further chapter (connect + sync) | ${r.chapterOpen} | |
| update propagation, client to client | ${r.propagation} | p95 ≤ 50 ms (${ok(r.targets.propagationP95!)}) |
| server heap at start (after gc) | ${r.heapBaseline} | |
| server heap, every chapter open | ${r.heapAllOpen} | |
| server heap after every client left | ${r.heapAfter} | within 10 % (${ok(r.targets.memoryBack!)}) |
| server RSS start → all open → after | ${r.rss} | |

Every keystroke is appended to SQLite before the server forwards it, so propagation includes one
SQLite insert. Documents are compacted and unloaded when their last client leaves.
`;
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'benchmarks.md');
  const existing = fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8')
    : '# Benchmarks\n\nMeasured on this machine; rerun the named script to update a section.\n';
  const pattern = /## Collaboration\n[\s\S]*?(?=\n## |$)/;
  const next = pattern.test(existing) ? existing.replace(pattern, section) : `${existing.trimEnd()}\n\n${section}`;
  fs.writeFileSync(file, next);
}

// Last, so every constant above is initialised before either half runs.
if (process.env.QUIRE_BENCH_ROLE === 'server') {
  await runBenchServer(TOTAL_WORDS, CHAPTERS);
} else {
  // Each y-websocket provider adds a process 'exit' listener; the bench holds one per chapter.
  process.setMaxListeners(CHAPTERS * 2 + 10);
  await main();
}
