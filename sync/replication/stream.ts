/**
 * GET /api/sync/stream — a per-user Server-Sent Events stream. Events carry no documents, only a
 * hint that a collection changed up to a checkpoint; the client answers with a pull, so the
 * visibility rules of pull are the only ones that decide what a device receives. A `topic` event
 * says the same of a server-side view that is not replicated (the support inbox): the page showing
 * it asks its API again, which checks the permission.
 */
import { z } from 'zod';
import { CheckpointSchema } from './doc';
import { COLLECTION_NAME_PATTERN } from './limits';

const ChangeHintSchema = z.object({
  collection: z.string().regex(COLLECTION_NAME_PATTERN),
  checkpoint: CheckpointSchema,
});
export type ChangeHint = z.infer<typeof ChangeHintSchema>;

/** Server views that announce their changes on the stream: 'support' — the staff support inbox. */
const STREAM_TOPICS = ['support'] as const;
export type StreamTopic = (typeof STREAM_TOPICS)[number];
const TopicHintSchema = z.object({ topic: z.enum(STREAM_TOPICS) });
type TopicHint = z.infer<typeof TopicHintSchema>;

/** What the server fans out to a user's streams (server/sync/pubsub.ts). */
export type StreamHint = ChangeHint | TopicHint;

export const isTopicHint = (hint: StreamHint): hint is TopicHint => 'topic' in hint;

/** Sent first on every (re)connect: changes may have been missed while disconnected. */
const ResyncSchema = z.literal('RESYNC');

export const StreamMessageSchema = z.union([ChangeHintSchema, TopicHintSchema, ResyncSchema]);
