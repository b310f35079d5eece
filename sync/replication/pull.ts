/** POST /api/sync/:collection/pull — one page of the collection's change feed after `checkpoint`. */
import { z } from 'zod';
import { CheckpointSchema, WireDocSchema } from './doc';
import { MAX_PULL_LIMIT } from './limits';

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
