/**
 * Simulated devices for the convergence test and the benchmark: the real client engine of
 * src/db (memory storage instead of IndexedDB) against a real server on a port, with the
 * session cookie and Origin header a browser would send.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CollectionName } from '../../sync/collections';
import { openDatabase, type QuireDatabase } from '../../src/db/database';
import { ServerTopics } from '../../src/db/server-topics';
import { SyncStateStore } from '../../src/db/sync-state';
import { loadConfig } from '../config';
import { startServer } from '../server';
import { buildUser } from './test-helpers';

export async function startSyncServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-sync-'));
  const server = await startServer({ ...loadConfig({}), dataDir, port: 0, host: '127.0.0.1', demo: false });
  return {
    server,
    url: server.url,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type SyncServer = Awaited<ReturnType<typeof startSyncServer>>;

export interface Device extends QuireDatabase {
  state: SyncStateStore;
  /** The stream's topic events this device heard. */
  topics: ServerTopics;
  /** Cut or restore this device's network: requests fail and open streams drop, as offline. */
  setOnline(online: boolean): void;
  /** The next push reaches the server, then the network drops before its answer arrives. */
  loseNextPushAnswer(): void;
  /** The name of its storage: open another device with it to restart this one. */
  name: string;
  /** The headers every request sends; tests swap the cookie here. */
  transportHeaders: Record<string, string>;
}

let deviceCounter = 0;
/** Simulated devices retry failed requests quickly so tests stay short. */
const TEST_RETRY_MS = 100;

export async function openDevice(
  s: Pick<SyncServer, 'url'>,
  userId: string,
  cookie: string,
  extraHeaders: Record<string, string> = {},
  // The engine's tests exercise reading-lists; RxDB allows 16 open collections per process.
  only: CollectionName[] = ['reading-lists'],
  name = `device${++deviceCounter}${userId.replace(/[^a-z0-9]/g, '')}`,
): Promise<Device> {
  const state = new SyncStateStore();
  const topics = new ServerTopics();
  const transportHeaders = { cookie, origin: s.url, ...extraHeaders };
  const network = { online: true, open: new Set<AbortController>(), losePushAnswer: false };
  const deviceFetch: typeof fetch = async (input, init) => {
    if (!network.online) throw new TypeError('fetch failed (offline)');
    const controller = new AbortController();
    init?.signal?.addEventListener('abort', () => controller.abort());
    network.open.add(controller);
    const response = await fetch(input, { ...init, signal: controller.signal });
    if (network.losePushAnswer && String(input).endsWith('/push')) {
      network.losePushAnswer = false;
      await response.arrayBuffer(); // the server has finished with it
      setOnline(false);
      throw new TypeError('fetch failed (connection lost)');
    }
    return response;
  };
  const database = await openDatabase({
    userId,
    name,
    storage: 'memory',
    transport: { baseUrl: s.url, fetch: deviceFetch, headers: transportHeaders },
    state,
    topics,
    retryMs: TEST_RETRY_MS,
    only,
  });
  function setOnline(online: boolean) {
    network.online = online;
    if (!online) {
      for (const c of network.open) c.abort();
      network.open.clear();
    } else {
      database.replication?.reconnect();
    }
  }
  const loseNextPushAnswer = () => void (network.losePushAnswer = true);
  return { ...database, state, topics, transportHeaders, setOnline, loseNextPushAnswer, name };
}

export function createAccount(s: SyncServer, userId: string): Promise<string> {
  return buildUser(s.server.ctx, userId);
}
