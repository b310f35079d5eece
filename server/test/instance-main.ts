/**
 * One Quire instance as its own OS process, for the multi-instance tests (server/test/two-instances.ts):
 * the server of server/main.ts, quiet, plus what a test needs to see inside it. It loads its
 * modules first (seconds), then reads its environment from stdin, so a test spawns it before the
 * database exists:
 * - stdin `start <json>`: the variables (DATABASE_URL, REDIS_URL, PORT, DATA_DIR …) are added to
 *   the environment and the server starts as main.ts starts it; stdout `ready <url>` once it listens;
 * - a job kind `test:two-instances` whose handler prints `ran {"id":…,"by":<QUIRE_INSTANCE_NAME>}`;
 * - QUIRE_TEST_COMPACT_AFTER: compact a chapter document after that many updates (as the
 *   single-process collaboration tests do, so compaction runs between instances too);
 * - stdin `enqueue <n>`: this instance's queue enqueues n such jobs and prints `enqueued [ids]`.
 * SIGTERM closes it as main.ts does (workers stop, sockets close, documents are compacted); so
 * does the end of stdin, so an instance never outlives the test process that started it.
 */
import readline from 'node:readline';
import { loadConfig } from '../config';
import { startServer, type RunningServer } from '../server';
import { TEST_JOB_KIND } from './two-instances';

const name = process.env.QUIRE_INSTANCE_NAME ?? '?';
let running: RunningServer | null = null;

async function start(env: Record<string, string>) {
  Object.assign(process.env, env);
  const compactAfter = Number(process.env.QUIRE_TEST_COMPACT_AFTER) || undefined;
  running = await startServer(loadConfig(), { collab: { log: () => {}, compactAfter } });
  running.worker.register(TEST_JOB_KIND, async (payload: { id: string }) => {
    process.stdout.write(`ran ${JSON.stringify({ id: payload.id, by: name })}\n`);
  });
  process.stdout.write(`ready ${running.url}\n`);
}

const commands = readline.createInterface({ input: process.stdin });
// The test process is gone (its end of the pipe closed): no instance outlives it.
commands.on('close', () => shutDown());
commands.on('line', (line) => {
  const begin = /^start (.*)$/.exec(line);
  if (begin && !running) void start(JSON.parse(begin[1]!) as Record<string, string>);
  const enqueue = /^enqueue (\d+)$/.exec(line);
  if (enqueue && running) {
    const { queue } = running.ctx;
    void Promise.all(Array.from({ length: Number(enqueue[1]) }, (_, n) => queue.enqueue(TEST_JOB_KIND, { id: `job-${n}` }))).then((ids) =>
      process.stdout.write(`enqueued ${JSON.stringify(ids)}\n`),
    );
  }
});

let closing: Promise<void> | null = null;
function shutDown() {
  closing ??= (running ? running.close() : Promise.resolve()).finally(() => process.exit(0));
}
process.once('SIGTERM', shutDown);
