/**
 * One Quire instance as its own OS process, for the multi-instance tests (server/test/two-instances.ts):
 * the server of server/main.ts, configured from the environment (DATABASE_URL, REDIS_URL, PORT …),
 * quiet, plus what a test needs to see inside it:
 * - stdout `ready <url>` once it listens;
 * - a job kind `test:two-instances` whose handler prints `ran {"id":…,"by":<QUIRE_INSTANCE_NAME>}`;
 * - QUIRE_TEST_COMPACT_AFTER: compact a chapter document after that many updates (as the
 *   single-process collaboration tests do, so compaction runs between instances too);
 * - stdin `enqueue <n>`: this instance's queue enqueues n such jobs and prints `enqueued [ids]`.
 * SIGTERM closes it as main.ts does (workers stop, sockets close, documents are compacted).
 */
import readline from 'node:readline';
import { loadConfig } from '../config';
import { startServer } from '../server';
import { TEST_JOB_KIND } from './two-instances';

const name = process.env.QUIRE_INSTANCE_NAME ?? '?';
const compactAfter = Number(process.env.QUIRE_TEST_COMPACT_AFTER) || undefined;
const running = await startServer(loadConfig(), { collab: { log: () => {}, compactAfter } });
running.worker.register(TEST_JOB_KIND, async (payload: { id: string }) => {
  process.stdout.write(`ran ${JSON.stringify({ id: payload.id, by: name })}\n`);
});

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const enqueue = /^enqueue (\d+)$/.exec(line);
  if (!enqueue) return;
  void Promise.all(Array.from({ length: Number(enqueue[1]) }, (_, n) => running.ctx.queue.enqueue(TEST_JOB_KIND, { id: `job-${n}` }))).then((ids) =>
    process.stdout.write(`enqueued ${JSON.stringify(ids)}\n`),
  );
});

process.once('SIGTERM', () => {
  void running.close().then(() => process.exit(0));
});
process.stdout.write(`ready ${running.url}\n`);
