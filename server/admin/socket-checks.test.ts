import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startServer, type RunningServer } from '../server';
import { checkCollabSocket, checkSyncStream } from './socket-checks';

let running: RunningServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-selftest-'));
  running = await startServer({ ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, demo: false, publicUrl: 'http://quire.test' });
});
afterAll(async () => {
  await running.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('self-test socket checks against a running server', () => {
  it('finds the sync stream answering', async () => {
    expect(await checkSyncStream(running.ctx)).toMatchObject({ ok: true });
  });
  it('finds the collaboration socket refusing an unsigned client', async () => {
    expect(await checkCollabSocket(running.ctx)).toMatchObject({ ok: true });
  });
  it('reports a dead socket as failed, not skipped', async () => {
    const ctx = { ...running.ctx, selfUrl: 'http://127.0.0.1:9' };
    expect(await checkCollabSocket(ctx)).toMatchObject({ ok: false });
    await expect(checkSyncStream(ctx)).rejects.toThrow();
  });
});
