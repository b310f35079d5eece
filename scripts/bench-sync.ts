/**
 * npm run bench:sync — the sync engine on this machine, against a real server on loopback:
 *  1. a fresh device pulls 10,000 documents (time to the end of the initial replication);
 *  2. local write latency (one insert into the device's database), p50/p95;
 *  3. propagation from one device's write to another device's query seeing it, via push,
 *     the SSE hint and a pull, p50/p95.
 * Node devices use RxDB's memory storage (IndexedDB is browser-only), so (1) and (2) are the
 * engine's cost without the disk. Results go to stdout and into docs/benchmarks.md.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { filter, firstValueFrom } from 'rxjs';
import { nextChangeTime, writeDoc } from '../server/sync/store';
import { createAccount, openDevice, startSyncServer } from '../server/sync/test-clients';
import { percentile, writeBenchSection } from './bench-report';

const FRESH_PULL_DOCS = 10_000;
const WRITE_SAMPLES = 1_000;
const PROPAGATION_SAMPLES = 200;
const SECTION = '## Sync engine (`npm run bench:sync`)';

const list = (id: string, ownerId: string) => ({
  id,
  ownerId,
  name: `List ${id}`,
  description: 'A benchmark list',
  visibility: 'private' as const,
  items: [{ bookId: 'b1', note: '', position: 0 }],
  createdAt: Date.now(),
  updatedAt: Date.now(),
});

async function main() {
  const s = await startSyncServer();
  const cookie = await createAccount(s, 'bench');
  const db = s.server.ctx.db;

  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < FRESH_PULL_DOCS; i++) {
      const doc = list(`seed-${String(i).padStart(5, '0')}`, 'bench');
      await writeDoc(trx, 'reading-lists', doc, false, await nextChangeTime(trx, 'reading-lists', Date.now()), ['bench']);
    }
  });

  let started = performance.now();
  const fresh = await openDevice(s, 'bench', cookie);
  await fresh.replication!.states['reading-lists']!.awaitInitialReplication();
  const pullMs = performance.now() - started;
  const pulled = await fresh.collections['reading-lists'].count().exec();
  if (pulled !== FRESH_PULL_DOCS) throw new Error(`pulled ${pulled} documents`);

  const writes: number[] = [];
  for (let i = 0; i < WRITE_SAMPLES; i++) {
    started = performance.now();
    await fresh.collections['reading-lists'].insert(list(`w-${i}`, 'bench'));
    writes.push(performance.now() - started);
  }
  await fresh.replication!.awaitInSync();

  const other = await openDevice(s, 'bench', cookie);
  await other.replication!.states['reading-lists']!.awaitInitialReplication();
  await new Promise((r) => setTimeout(r, 300)); // both streams connected and idle
  const propagation: number[] = [];
  for (let i = 0; i < PROPAGATION_SAMPLES; i++) {
    const id = `p-${i}`;
    const seen = firstValueFrom(other.collections['reading-lists'].findOne(id).$.pipe(filter((d) => d !== null)));
    started = performance.now();
    await fresh.collections['reading-lists'].insert(list(id, 'bench'));
    await seen;
    propagation.push(performance.now() - started);
  }

  await Promise.all([fresh.close(), other.close()]);
  await s.close();

  const f = (n: number) => n.toFixed(n < 10 ? 2 : 0);
  const lines = [
    `| measure | result | target |`,
    `|---|---|---|`,
    `| fresh device pulls ${FRESH_PULL_DOCS.toLocaleString('en')} documents | ${f(pullMs)} ms | ≤ 3000 ms |`,
    `| local write latency (${WRITE_SAMPLES} inserts) | p50 ${f(percentile(writes, 50))} ms, p95 ${f(percentile(writes, 95))} ms | p95 ≤ 1 ms |`,
    `| propagation device → device (${PROPAGATION_SAMPLES} writes) | p50 ${f(percentile(propagation, 50))} ms, p95 ${f(percentile(propagation, 95))} ms | p95 ≤ 50 ms |`,
  ];
  const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; one run, memory storage in Node, loopback.`;
  console.log(lines.join('\n'));
  console.log(machine);
  writeBenchSection(SECTION, `${machine}\n\n${lines.join('\n')}`);
  process.exit(0); // rxjs timers of closed databases must not keep the benchmark alive
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
