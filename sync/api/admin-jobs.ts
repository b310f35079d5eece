/**
 * The contract of the job queue's and the image pipeline's admin pages: /admin/queue-status
 * (jobs by kind and state, throughput, failures, what waits) with retry and cancel, and
 * /admin/image-system-status with "reprocess failed" (server/jobs/admin-routes.ts,
 * server/images/admin-routes.ts).
 */
import * as z from 'zod/mini';
import { endpoint } from './contract';

export const JOB_STATES = ['queued', 'running', 'done', 'dead', 'cancelled'] as const;
const JobStateSchema = z.enum(JOB_STATES);

const KindCountsSchema = z.object({
  kind: z.string(),
  queued: z.number(),
  running: z.number(),
  done: z.number(),
  dead: z.number(),
  cancelled: z.number(),
});
export type KindCounts = z.infer<typeof KindCountsSchema>;

const JobRowSchema = z.object({
  id: z.number(),
  kind: z.string(),
  state: JobStateSchema,
  attempts: z.number(),
  maxAttempts: z.number(),
  /** The last failure's message and stack; null when none. */
  lastError: z.nullable(z.string()),
  createdAt: z.number(),
  runAt: z.number(),
  finishedAt: z.nullable(z.number()),
});
export type JobRow = z.infer<typeof JobRowSchema>;

/** Jobs finished in one hour: done, and dead (failed for good). */
const HourSchema = z.object({ start: z.number(), done: z.number(), dead: z.number() });
export type ThroughputHour = z.infer<typeof HourSchema>;

export const getQueueStatus = endpoint({
  method: 'GET',
  path: '/api/admin/queue-status',
  response: z.object({
    now: z.number(),
    kinds: z.array(KindCountsSchema),
    /** The last 24 hours, oldest first. */
    throughput: z.array(HourSchema),
    /** Dead jobs, newest first. */
    failures: z.array(JobRowSchema),
    /** Due jobs not yet taken, oldest first. */
    waiting: z.array(JobRowSchema),
    waitingCount: z.number(),
    /** Jobs scheduled for later (a backoff, a delayed send). */
    scheduledCount: z.number(),
    /** Cancelled jobs, newest first (they may be queued again). */
    cancelled: z.array(JobRowSchema),
  }),
});
export type QueueStatus = z.infer<typeof getQueueStatus.response>;

const JobActionSchema = z.object({ job: JobRowSchema });
/** A dead or cancelled job runs again from its first attempt; anything else answers 409. */
export const retryJob = endpoint({ method: 'POST', path: '/api/admin/jobs/:id/retry', response: JobActionSchema });
/** A queued job is not run; a running, finished or dead one answers 409. */
export const cancelJob = endpoint({ method: 'POST', path: '/api/admin/jobs/:id/cancel', response: JobActionSchema });

const VariantFailureSchema = z.object({
  sourceHash: z.string(),
  width: z.number(),
  format: z.string(),
  error: z.string(),
  updatedAt: z.number(),
});
export type VariantFailure = z.infer<typeof VariantFailureSchema>;

export const getImageSystemStatus = endpoint({
  method: 'GET',
  path: '/api/admin/image-system-status',
  response: z.object({
    variants: z.object({ done: z.number(), pending: z.number(), failed: z.number() }),
    originals: z.number(),
    formats: z.array(z.object({ format: z.string(), done: z.number(), bytes: z.number() })),
    /** Bytes of every finished variant (distinct blobs). */
    storageBytes: z.number(),
    /** The image jobs in the queue. */
    queue: z.object({ queued: z.number(), running: z.number(), dead: z.number() }),
    widths: z.object({ covers: z.array(z.number()), uploads: z.array(z.number()) }),
    failures: z.array(VariantFailureSchema),
  }),
});
export type ImageSystemStatus = z.infer<typeof getImageSystemStatus.response>;

export const reprocessFailedImages = endpoint({
  method: 'POST',
  path: '/api/admin/image-system-status/reprocess-failed',
  response: z.object({ variants: z.number(), jobs: z.number() }),
});
