/**
 * A separate process claiming jobs from a shared SQLite file, for claim-across-processes.test.ts:
 * says "ready", waits for "go" on stdin so every claimer starts at once, then claims and completes
 * jobs until none is left and prints the ids it claimed as JSON.
 */
import { openDatabase } from '../db/connection';
import { TableJobQueue } from './table-queue';

const handle = openDatabase(process.argv[2]!);
const queue = new TableJobQueue(handle.db, Date.now);
process.stdout.write('ready\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
const claimed: number[] = [];
for (;;) {
  const job = await queue.claim();
  if (!job) break;
  claimed.push(job.id);
  await queue.complete(job);
}
process.stdout.write(`${JSON.stringify(claimed)}\n`);
await handle.close();
process.exit(0);
