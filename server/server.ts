/**
 * Builds a running Quire from a config: database, migrations, services, job worker, demo seed,
 * HTTP. main.ts calls it; so do integration tests that need a real port.
 */
import type { Server } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { registerAccountJobs } from './account/jobs';
import { registerAdminJobs } from './admin/jobs';
import { registerAnalyticsJobs, startAnalyticsRollups } from './analytics/jobs';
import { recordReadingActivity } from './analytics/reading-activity';
import { registerAuthJobs } from './auth/mail-links';
import { registerAuthorJobs } from './authors/new-book-notices';
import { registerBookJobs } from './books/epub/import-epub';
import { registerAskJobs, requestBackfill } from './ask/index-book';
import { announceNewCoAuthors } from './manuscripts/members/co-author-notices';
import { deleteChildrenOfDeletedManuscripts } from './manuscripts/delete-children';
import { registerInvitationJobs } from './manuscripts/members/invitations';
import { registerImprintJobs } from './imprints/notices';
import { registerNewsletterJobs } from './newsletter/send';
import { registerNoticeJobs } from './notices/send';
import { watchSupportMessages } from './support/inbox';
import { createApp } from './app';
import { createInProcessRevocations } from './auth/session-revocations';
import { attachCollab, type CollabOptions, type CollabServer } from './collab/attach';
import { createCollabLog } from './collab/log';
import { createCollabServices, type CollabServiceOptions } from './collab/services';
import type { Config } from './config';
import type { AppContext } from './context';
import { openConfiguredDatabase } from './db/connection';
import { migrate } from './db/migrate';
import { openJobQueue } from './jobs/open-queue';
import { JobWorker } from './jobs/worker';
import { registerImageJobs } from './images/variants';
import { registerImageBackfill, requestImageBackfill } from './images/backfill';
import { BlobStore } from './files/blob-store';
import { DiskBytes } from './files/disk-bytes';
import { S3Bytes } from './files/s3-bytes';
import { Mailer, MAIL_JOB } from './mail/mailer';
import { seedDemo } from './seed/seed-demo';
import { registerStoreJobs } from './store/admin/price-drops';
import { registerPublishingJobs } from './publishing/notices';
import { registerBlogJobs } from './blog/commands';
import { registerUploadJobs } from './uploads/job';
import { sweepStaleUploads, uploadTempRoot } from './uploads/stream';
import { registerExportJobs } from './exports/run-export';
import { registerEditionChecksJob } from './publishing/checks/run';
import { sitePages } from './site/pages';
import { mountClient } from './static';
import { createDocEvents } from './sync/doc-events';
import { SearchMemo } from './search/memo';
import { createInProcessPubSub } from './sync/pubsub';
import { connectRedis, type RedisConnection } from './redis/connection';
import { createRedisPubSub } from './redis/sync-pubsub';
import { createRedisRevocations } from './redis/revocations';
import { createRedisCollabRelay } from './redis/collab-relay';

export interface RunningServer {
  ctx: AppContext;
  worker: JobWorker;
  server: ServerType;
  collab: CollabServer;
  url: string;
  close(): Promise<void>;
}

/**
 * The seams that carry live state between instances: through Redis when REDIS_URL is set,
 * in-process otherwise. Picked once here; no feature knows which it got.
 */
async function sharedSeams(redis: RedisConnection | null) {
  if (!redis) return { pubsub: createInProcessPubSub(), revocations: createInProcessRevocations() };
  return { pubsub: await createRedisPubSub(redis), revocations: await createRedisRevocations(redis) };
}

/** The composition root: every service of one server is made here, once, and reached as ctx.<service>. */
export async function buildContext(config: Config, now: () => number = Date.now, options: { collab?: CollabServiceOptions } = {}) {
  // Redis first: a REDIS_URL that answers nothing ends the start (connectRedis's bound) before
  // anything else is opened.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : null;
  const handle = openConfiguredDatabase(config);
  await migrate(handle.db);
  handle.optimize();
  const db = handle.db;
  // The queue's engine follows the database's: Quire's jobs table on SQLite, pg-boss on PostgreSQL.
  const queue = await openJobQueue(db, now);
  // Several instances (REDIS_URL): live documents travel between them; alone, they stay in-process.
  const collabLog = options.collab?.log ?? createCollabLog({ verbose: config.development });
  const relay = redis ? await createRedisCollabRelay(redis, collabLog) : null;
  const ctx: AppContext = {
    config,
    db,
    queue,
    mail: new Mailer(db, queue, config, now),
    blobs: new BlobStore(db, config.s3 ? new S3Bytes(config.s3) : new DiskBytes(config.dataDir), now),
    collab: createCollabServices(db, config, now, { ...options.collab, log: collabLog, relay }),
    redis,
    ...(await sharedSeams(redis)),
    docEvents: createDocEvents(),
    searchMemo: new SearchMemo(),
    now,
    startedAt: Date.now(),
  };
  const worker = new JobWorker(queue);
  worker.register(MAIL_JOB, (p: { id: string }) => ctx.mail.deliver(p.id));
  registerAccountJobs(worker, ctx);
  registerAdminJobs(worker);
  registerAuthJobs(worker, ctx);
  registerAuthorJobs(worker, ctx);
  registerBookJobs(worker, ctx);
  registerInvitationJobs(worker, ctx);
  registerImprintJobs(worker, ctx);
  registerNewsletterJobs(worker, ctx);
  registerNoticeJobs(worker, ctx);
  registerStoreJobs(worker, ctx);
  registerPublishingJobs(worker, ctx);
  registerBlogJobs(worker, ctx);
  registerImageJobs(worker, ctx);
  registerImageBackfill(worker, ctx);
  registerUploadJobs(worker, ctx);
  registerExportJobs(worker, ctx);
  registerEditionChecksJob(worker, ctx);
  registerAskJobs(worker, ctx);
  registerAnalyticsJobs(worker, ctx);
  recordReadingActivity(ctx);
  announceNewCoAuthors(ctx);
  deleteChildrenOfDeletedManuscripts(ctx);
  watchSupportMessages(ctx);
  return { ctx, worker, handle };
}

/** How long an idle keep-alive connection stays open: longer than a proxy's (commonly 60 s). */
export const KEEP_ALIVE_MS = 65_000;

export async function startServer(config: Config, options: { collab?: CollabOptions } = {}): Promise<RunningServer> {
  const { ctx, worker, handle } = await buildContext(config, Date.now, { collab: options.collab });
  if (config.demo) {
    await seedDemo(ctx);
    handle.optimize();
  }
  // Books from before "Ask this book", or changed while no worker ran, get their passages.
  await requestBackfill(ctx);
  // Books' images from before chapter images had variants (decision 039).
  await requestImageBackfill(ctx);
  await sweepStaleUploads(uploadTempRoot(config.dataDir), ctx.now());
  await startAnalyticsRollups(ctx);
  const app = createApp(ctx, { worker });
  mountClient(app, config.clientDir, sitePages(ctx, config.publicUrl, config.clientDir));
  worker.start();
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  // Clients and proxies reuse an idle keep-alive connection. Node closes one after 5 s, and a
  // request sent just as it closes is reset, not answered; proxies keep theirs about 60 s.
  Object.assign(server, { keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1000 } satisfies Partial<Server>);
  // WebSockets on the same port: /collab/{docName} (the only upgrade listener).
  const collab = attachCollab(server as Server, ctx, options.collab);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  ctx.selfUrl = `http://127.0.0.1:${port}`;
  return {
    ctx,
    worker,
    server,
    collab,
    url: `http://localhost:${port}`,
    async close() {
      await worker.stop();
      // Sockets first: server.close waits for every open connection, and documents must be
      // compacted while the database is still open. Open sync streams would hold close() forever.
      await collab.close();
      ctx.collab.relay?.close();
      const closing = new Promise<void>((resolve) => server.close(() => resolve()));
      if ('closeAllConnections' in server) server.closeAllConnections();
      await closing;
      await ctx.redis?.close();
      await handle.close();
    },
  };
}
