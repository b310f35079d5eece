/**
 * Several instances' workers on one SQLite file never run a job twice (issue 15): claim() is one
 * UPDATE … WHERE id = (SELECT …) RETURNING statement, and SQLite takes the write lock before that
 * statement reads, so a second process waits (busy_timeout) and then sees the row taken. In one
 * process better-sqlite3 runs statements one at a time anyway, so this starts real processes.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import { migrate } from '../db/migrate';
import { TableJobQueue } from './table-queue';

const CLAIMERS = 3;
const JOBS = 300;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-claim-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function startClaimer(file: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'test-claimer.ts'), file], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  let onReady = () => {};
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.startsWith('ready\n')) onReady();
  });
  const claimed = new Promise<number[]>((resolve, reject) => {
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.slice('ready\n'.length)) as number[]) : reject(new Error(`claimer exited with ${code}`)),
    );
  });
  return { ready, go: () => child.stdin.end('go\n'), claimed };
}

describe('job claims across processes', () => {
  it('gives every job to exactly one of several processes claiming at once', { timeout: 60_000 }, async () => {
    const file = path.join(dir, 'quire.sqlite');
    const handle = openDatabase(file);
    await migrate(handle.db);
    const queue = new TableJobQueue(handle.db, Date.now);
    const ids: number[] = [];
    for (let n = 0; n < JOBS; n++) ids.push(await queue.enqueue('test:claim', { n }));
    await handle.close();

    const claimers = Array.from({ length: CLAIMERS }, () => startClaimer(file));
    await Promise.all(claimers.map((c) => c.ready));
    for (const c of claimers) c.go();
    const claimed = await Promise.all(claimers.map((c) => c.claimed));

    expect(claimed.flat().sort((x, y) => x - y)).toEqual(ids);
    // They really ran side by side: more than one process got work.
    expect(claimed.filter((c) => c.length > 0).length).toBeGreaterThan(1);
    const check = openDatabase(file);
    const rows = await check.db.selectFrom('jobs').select(['state', 'attempts']).execute();
    await check.close();
    expect(rows.every((r) => r.state === 'done' && r.attempts === 1)).toBe(true);
  });
});
