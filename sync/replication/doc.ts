/**
 * A replicated document on the wire: the collection's own fields plus `_deleted` (tombstones are
 * kept so every device learns about a deletion). The shape is checked per collection by its zod
 * schema; here only what the engine itself relies on.
 */
import { z } from 'zod';
import { MAX_DOC_ID_LENGTH } from './limits';

export const WireDocSchema = z.looseObject({
  id: z.string().min(1).max(MAX_DOC_ID_LENGTH),
  _deleted: z.boolean(),
});
export type WireDoc = z.infer<typeof WireDocSchema>;

/** Position in a collection's change feed: the server's change time, then the id. */
export const CheckpointSchema = z.object({
  updatedAt: z.number().int().nonnegative(),
  id: z.string().max(MAX_DOC_ID_LENGTH),
});
export type Checkpoint = z.infer<typeof CheckpointSchema>;
