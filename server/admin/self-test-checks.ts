/**
 * The checks behind /admin/test. Each answers ok + a sentence for a person; none throws, so one
 * broken part never hides the state of the others. The socket checks talk to the running
 * server over loopback; without one (tests that call the app directly) they are skipped.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { SelfTestCheck } from '../../sync/api/admin';
import type { AppContext } from '../context';
import { engineOf } from '../db/engine';
import { integrityVerdict } from '../db/integrity';
import { newId } from '../http/ids';
import { redisAddress, redisState } from '../redis/state';
import { SELFTEST_PING_JOB } from './jobs';
import { checkCollabSocket, checkSyncStream } from './socket-checks';
import { paymentStatus } from './settings';

/** How long the job worker gets to pick up and finish the ping job. */
const SELFTEST_JOB_TIMEOUT = 5_000;
const SELFTEST_JOB_POLL = 50;
/** How long a message may take to come back through Redis pub/sub. */
const SELFTEST_REDIS_TIMEOUT = 2_000;
/** Below this much free space uploads and the database will soon fail. */
const LOW_DISK_BYTES = 200 * 1024 * 1024;

type Outcome = { ok: boolean; detail: string; skipped?: boolean };

async function timed(name: string, run: () => Promise<Outcome>): Promise<SelfTestCheck> {
  const started = performance.now();
  let outcome: Outcome;
  try {
    outcome = await run();
  } catch (error) {
    outcome = { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
  return { name, ...outcome, ms: Math.round(performance.now() - started) };
}

async function checkDatabase(ctx: AppContext): Promise<Outcome> {
  const engine = engineOf(ctx.db);
  const verdict = await integrityVerdict(ctx.db);
  if (verdict !== 'ok') return { ok: false, detail: `${engine} integrity check: ${verdict}` };
  // A write and a read in a temp table prove the connection is not read-only (one transaction:
  // a temp table belongs to one connection, and PostgreSQL's pool has several).
  const token = newId();
  const back = await ctx.db.transaction().execute(async (trx) => {
    await sql`CREATE TEMP TABLE IF NOT EXISTS selftest_probe (v TEXT)`.execute(trx);
    await sql`INSERT INTO selftest_probe (v) VALUES (${token})`.execute(trx);
    const read = await sql<{ v: string }>`SELECT v FROM selftest_probe WHERE v = ${token}`.execute(trx);
    await sql`DELETE FROM selftest_probe`.execute(trx);
    return read;
  });
  if (back.rows[0]?.v !== token) return { ok: false, detail: `Wrote a row to ${engine} but could not read it back.` };
  return { ok: true, detail: `${engine}: integrity check passed; write and read succeeded.` };
}

function mib(bytes: number) {
  return `${Math.round(bytes / 1024 / 1024).toLocaleString('en')} MiB`;
}

async function checkDisk(ctx: AppContext): Promise<Outcome> {
  const dir = ctx.config.dataDir;
  const file = path.join(dir, `.selftest-${newId()}`);
  await fs.writeFile(file, 'quire self-test');
  const text = await fs.readFile(file, 'utf8');
  await fs.unlink(file);
  if (text !== 'quire self-test') return { ok: false, detail: `Read back different bytes in ${dir}.` };
  const stats = await fs.statfs(dir);
  const free = stats.bavail * stats.bsize;
  if (free < LOW_DISK_BYTES) return { ok: false, detail: `Only ${mib(free)} free in ${dir}.` };
  return { ok: true, detail: `Wrote, read and deleted a file in ${dir}; ${mib(free)} free.` };
}

async function checkJobs(ctx: AppContext): Promise<Outcome> {
  const id = await ctx.queue.enqueue(SELFTEST_PING_JOB, { at: ctx.now() }, { maxAttempts: 1 });
  const deadline = Date.now() + SELFTEST_JOB_TIMEOUT;
  for (;;) {
    const job = await ctx.db.selectFrom('jobs').select(['state', 'lastError']).where('id', '=', id).executeTakeFirst();
    if (job?.state === 'done') return { ok: true, detail: `Job #${id} ran through the queue.` };
    if (job?.state === 'dead') return { ok: false, detail: `Job #${id} failed: ${job.lastError?.split('\n')[0] ?? 'unknown error'}` };
    if (Date.now() >= deadline) {
      await ctx.queue.cancel(id);
      return { ok: false, detail: `Job #${id} was not finished within ${SELFTEST_JOB_TIMEOUT / 1000} s: is the worker running?` };
    }
    await new Promise((r) => setTimeout(r, SELFTEST_JOB_POLL));
  }
}

/** A message published through Redis comes back on this instance's subscriber, as the other instances hear it. */
async function checkRedis(ctx: AppContext): Promise<Outcome> {
  const state = redisState(ctx.redis);
  if (!ctx.redis || state === 'not-configured') {
    return { ok: true, skipped: true, detail: 'Not configured (no REDIS_URL): sync hints, sign-outs and rate limits stay within this one process.' };
  }
  const where = redisAddress(ctx.config.redisUrl ?? '');
  if (state === 'down') return { ok: false, detail: `Not connected to ${where}: other instances miss this one's sync hints and sign-outs.` };
  const { subscriber, commands } = ctx.redis;
  const channel = `quire:self-test:${newId()}`;
  let heard = () => {};
  const listener = () => heard();
  try {
    const back = new Promise<boolean>((resolve) => {
      heard = () => resolve(true);
      setTimeout(() => resolve(false), SELFTEST_REDIS_TIMEOUT);
    });
    await subscriber.subscribe(channel, listener);
    await commands.publish(channel, 'ping');
    if (!(await back))
      return { ok: false, detail: `Connected to ${where}, but a published message did not come back within ${SELFTEST_REDIS_TIMEOUT / 1000} s.` };
  } finally {
    await subscriber.unsubscribe(channel, listener).catch(() => undefined);
  }
  return { ok: true, detail: `Connected to ${where}; a message went round through pub/sub.` };
}

export async function runSelfTest(ctx: AppContext): Promise<SelfTestCheck[]> {
  return Promise.all([
    timed('Database', () => checkDatabase(ctx)),
    timed('Redis', () => checkRedis(ctx)),
    timed('Disk', () => checkDisk(ctx)),
    timed('Mail transport', () => ctx.mail.verify()),
    timed('Payment provider', async () => ({ ok: true, detail: paymentStatus().label })),
    timed('Job worker', () => checkJobs(ctx)),
    timed('Sync socket', () => checkSyncStream(ctx)),
    timed('Collaboration socket', () => checkCollabSocket(ctx)),
  ]);
}
