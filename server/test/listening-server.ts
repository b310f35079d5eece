/**
 * A whole Quire server listening on a free loopback port for the tests of one file: started
 * before them on a fresh data directory (no demo seed), closed and removed after them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, type Config } from '../config';
import { startServer, type RunningServer } from '../server';

/** Registers the hooks; call the returned function inside a test (or a later hook) for the server. */
export function listeningServer(overrides: Partial<Config> = {}): () => RunningServer {
  let running: RunningServer | undefined;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-listening-'));
    running = await startServer({ ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, demo: false, publicUrl: 'http://quire.test', ...overrides });
  });
  afterAll(async () => {
    await running?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return () => running!;
}
