/**
 * POST /api/sync/:collection/pull — one page of the collection's change feed after `checkpoint`;
 * POST /api/sync/pull — a page of several collections in one request and one response, each
 * after its own checkpoint (a device's start, protocol 5).
 */
import { z } from 'zod';
import { CheckpointSchema, WireDocSchema } from './doc';
import { COLLECTION_NAME_PATTERN, MAX_PULL_LIMIT } from './limits';

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

/** Keyed by collection name; every name must be a replicated collection. */
export const BatchPullRequestSchema = z.object({
  pulls: z.record(z.string().regex(COLLECTION_NAME_PATTERN), PullRequestSchema),
});
export type BatchPullRequest = z.infer<typeof BatchPullRequestSchema>;

/** A page for every collection asked for, under the same names. */
export const BatchPullResponseSchema = z.object({
  pages: z.record(z.string(), PullResponseSchema),
});
export type BatchPullResponse = z.infer<typeof BatchPullResponseSchema>;
