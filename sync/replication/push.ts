/**
 * POST /api/sync/:collection/push — local changes, each with the server state the client last saw.
 * A row whose assumption is stale comes back in `conflicts` as the current master state; a row
 * the server refuses (invalid, or not the sender's to write) comes back in `rejected` and never
 * blocks the rest of the batch.
 */
import { z } from 'zod';
import { WireDocSchema } from './doc';
import { MAX_DOC_ID_LENGTH, MAX_PUSH_ROWS } from './limits';

const PushRowSchema = z.object({
  assumedMasterState: WireDocSchema.nullable(),
  newDocumentState: WireDocSchema,
});
export type PushRow = z.infer<typeof PushRowSchema>;

export const PushRequestSchema = z.object({
  rows: z.array(PushRowSchema).max(MAX_PUSH_ROWS),
});

const REJECT_CODES = ['validation_failed', 'forbidden'] as const;

const RejectedRowSchema = z.object({
  id: z.string().max(MAX_DOC_ID_LENGTH),
  code: z.enum(REJECT_CODES),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type RejectedRow = z.infer<typeof RejectedRowSchema>;

export const PushResponseSchema = z.object({
  conflicts: z.array(WireDocSchema),
  rejected: z.array(RejectedRowSchema),
});
export type PushResponse = z.infer<typeof PushResponseSchema>;
