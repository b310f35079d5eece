/**
 * The collaboration services of one running server — store, render scheduler, document registry
 * and version history — made once by buildContext (server/server.ts) as `ctx.collab`. The socket
 * server (attach.ts) and HTTP routes that work on live documents (server/manuscripts/versions/routes.ts) share
 * them, so a named version or a restore goes through the same in-memory document and queue as the
 * sockets.
 */
import type { Config } from '../config';
import type { DB } from '../db/connection';
import { Versioning } from '../manuscripts/versions/versioning';
import { defaultCollabAccess } from '../manuscripts/access/replicated-access';
import type { CollabAccess } from '../manuscripts/access/access';
import { DocRegistry } from './doc-registry';
import { createCollabLog, type CollabLog } from './log';
import type { CollabRelay } from './relay';
import { RenderScheduler } from './render-scheduler';
import { CollabStore } from './store';

export interface CollabServices {
  access: CollabAccess;
  store: CollabStore;
  renders: RenderScheduler;
  registry: DocRegistry;
  versions: Versioning;
  log: CollabLog;
  /** The other instances sharing the database (REDIS_URL), or null: this instance is alone. */
  relay: CollabRelay | null;
}

export interface CollabServiceOptions {
  access?: CollabAccess;
  compactAfter?: number;
  renderTiming?: { debounce: number; maxWait: number };
  log?: CollabLog;
  relay?: CollabRelay | null;
}

export function createCollabServices(db: DB, config: Config, now: () => number, options: CollabServiceOptions = {}): CollabServices {
  const log = options.log ?? createCollabLog({ verbose: config.development });
  const store = new CollabStore(db, now);
  const renders = new RenderScheduler(store, log, options.renderTiming);
  const versions = new Versioning(db, now);
  const relay = options.relay ?? null;
  const registry = new DocRegistry(store, renders, { compactAfter: options.compactAfter, log, versions: versions.hooks, relay });
  return { access: options.access ?? defaultCollabAccess(db), store, renders, registry, versions, log, relay };
}
