/**
 * Documents the server itself creates (notifications): validated by the collection's schema and
 * written through the same store, audience rows and pubsub hints as a device's push, so every
 * device of the audience pulls it at once. No `mayWrite` — the server is the authority here.
 */
import type { z } from 'zod';
import type { CollectionDefinition } from '../../sync/replication/collection';
import type { AppContext } from '../context';
import { nextChangeTime, writeDoc } from './store';

export async function writeServerDoc<S extends z.ZodObject>(
  ctx: AppContext,
  collection: CollectionDefinition<S>,
  doc: z.output<S> & { id: string },
): Promise<void> {
  const value = collection.strictSchema.parse(doc) as Record<string, unknown> & { id: string };
  const audience = collection.visibility.audience(value as z.output<S>);
  const checkpoint = await ctx.db.transaction().execute(async (trx) => {
    const serverUpdatedAt = await nextChangeTime(trx, collection.name, ctx.now());
    await writeDoc(trx, collection.name, value, false, serverUpdatedAt, audience);
    return { updatedAt: serverUpdatedAt, id: value.id };
  });
  ctx.pubsub.publish(audience, { collection: collection.name, checkpoint });
  ctx.docEvents.emit({ collection: collection.name, id: value.id, doc: value, deleted: false, previous: null, writerId: null });
}
