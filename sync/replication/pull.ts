/**
 * POST /api/sync/:collection/pull — one page of the collection's change feed after `checkpoint`.
 * POST /api/sync/pull — one page of each of several collections in one request and one answer
 * (protocol 6): a device starting up asks for all its collections at once.
 */
import { z } from 'zod';
import { CheckpointSchema, WireDocSchema } from './doc';
import { COLLECTION_NAME_PATTERN, MAX_BATCH_PULLS, MAX_PULL_LIMIT } from './limits';

export const PullRequestSchema = z.object({
  /** null: from the beginning (a fresh device). */
  checkpoint: CheckpointSchema.nullable(),
  limit: z.number().int().min(1).max(MAX_PULL_LIMIT),
});

export const PullResponseSchema = z.object({
  /** Ascending by (updatedAt, id); fewer than `limit` means the client is up to date. */
  documents: z.array(WireDocSchema),
  /** The position after the last document, or the request's checkpoint when there were none. */
  checkpoint: CheckpointSchema.nullable(),
});
export type PullResponse = z.infer<typeof PullResponseSchema>;

export const BatchPullRequestSchema = z.object({
  pulls: z
    .array(PullRequestSchema.extend({ collection: z.string().regex(COLLECTION_NAME_PATTERN) }))
    .min(1)
    .max(MAX_BATCH_PULLS)
    .refine((pulls) => new Set(pulls.map((p) => p.collection)).size === pulls.length, 'Each collection may be asked for once per request.'),
});
export type BatchPullRequest = z.infer<typeof BatchPullRequestSchema>;

export const BatchPullResponseSchema = z.object({
  /** One page per pull asked for, in the order asked. */
  pages: z.array(PullResponseSchema),
});
export type BatchPullResponse = z.infer<typeof BatchPullResponseSchema>;
