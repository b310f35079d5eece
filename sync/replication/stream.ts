/**
 * GET /api/sync/stream — a per-user Server-Sent Events stream. Events carry no documents, only a
 * hint that a collection changed up to a checkpoint; the client answers with a pull, so the
 * visibility rules of pull are the only ones that decide what a device receives.
 */
import { z } from 'zod';
import { CheckpointSchema } from './doc';
import { COLLECTION_NAME_PATTERN } from './limits';

/** SSE `event:` names. */
export const STREAM_EVENT = { change: 'change', resync: 'resync', heartbeat: 'heartbeat' } as const;

const ChangeHintSchema = z.object({
  collection: z.string().regex(COLLECTION_NAME_PATTERN),
  checkpoint: CheckpointSchema,
});
export type ChangeHint = z.infer<typeof ChangeHintSchema>;

/** Sent first on every (re)connect: changes may have been missed while disconnected. */
const ResyncSchema = z.literal('RESYNC');

export const StreamMessageSchema = z.union([ChangeHintSchema, ResyncSchema]);

/** The server sends a heartbeat this often so proxies keep the connection and clients notice a dead one. */
export const HEARTBEAT_INTERVAL_MS = 15_000;
