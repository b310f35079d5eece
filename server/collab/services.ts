/**
 * The collaboration services of one running server — store, render scheduler, document registry
 * and version history — made once per AppContext. The socket server (attach.ts) and HTTP routes
 * that work on live documents (server/versions/routes.ts) share them, so a named version or a
 * restore goes through the same in-memory document and queue as the sockets.
 */
import type { AppContext } from '../context';
import { Versioning } from '../versions/versioning';
import { defaultCollabAccess } from './replicated-access';
import type { CollabAccess } from './access';
import { DocRegistry } from './doc-registry';
import { createCollabLog, type CollabLog } from './log';
import { RenderScheduler } from './render-scheduler';
import { CollabStore } from './store';

export interface CollabServices {
  access: CollabAccess;
  store: CollabStore;
  renders: RenderScheduler;
  registry: DocRegistry;
  versions: Versioning;
  log: CollabLog;
}

export interface CollabServiceOptions {
  access?: CollabAccess;
  compactAfter?: number;
  renderTiming?: { debounce: number; maxWait: number };
  log?: CollabLog;
}

const made = new WeakMap<AppContext, CollabServices>();

/** The context's services, made on first use (options count only then: attachCollab runs first). */
export function collabServices(ctx: AppContext, options: CollabServiceOptions = {}): CollabServices {
  let services = made.get(ctx);
  if (!services) {
    const log = options.log ?? createCollabLog({ verbose: ctx.config.development });
    const store = new CollabStore(ctx.db, ctx.now);
    const renders = new RenderScheduler(store, log, options.renderTiming);
    const versions = new Versioning(ctx.db, ctx.now);
    const registry = new DocRegistry(store, renders, { compactAfter: options.compactAfter, log, versions: versions.hooks });
    services = { access: options.access ?? defaultCollabAccess(ctx.db), store, renders, registry, versions, log };
    made.set(ctx, services);
  }
  return services;
}
