/**
 * A deleted manuscript takes its chapters and comments with it. The owner deletes only the
 * manuscript document (offline too: the deletion is an ordinary queued push); when that push
 * lands, the server tombstones every chapter and comment of the manuscript, so each co-author's
 * device drops them on its next pull (the manuscript's deletion already closed the chapters'
 * collaboration sockets, collab/membership-watch.ts). Devices cannot do this themselves:
 * a chapter's rule is checked against the stored manuscript, which is gone by the time their
 * pushes land, and comments are never deletable from a device.
 *
 * The children are found through the owner's audience rows (the pull index): the owner is in the
 * audience of every chapter and comment of their manuscript. If the process stops between the
 * manuscript's deletion and this clean-up, the children stay behind, unreachable (the
 * collaboration server and the book view ask the manuscript first).
 */
import { manuscriptChapters } from '../../sync/collections/manuscript-chapters';
import { manuscriptComments } from '../../sync/collections/manuscript-comments';
import type { Manuscript } from '../../sync/collections/manuscripts';
import type { CollectionDefinition } from '../../sync/replication/collection';
import type { AppContext } from '../context';
import { nextChangeTime, writeDoc } from '../sync/store';

const CHILDREN: CollectionDefinition[] = [manuscriptChapters as never, manuscriptComments as never];

async function deleteChildren(ctx: AppContext, manuscript: Pick<Manuscript, 'id' | 'ownerId'>): Promise<void> {
  for (const collection of CHILDREN) {
    const rows = await ctx.db
      .selectFrom('syncAudience as a')
      .innerJoin('syncDocs as d', (j) => j.onRef('d.collection', '=', 'a.collection').onRef('d.id', '=', 'a.docId'))
      .select(['d.doc'])
      .where('a.userId', '=', manuscript.ownerId)
      .where('a.collection', '=', collection.name)
      .where('d.deleted', '=', 0)
      .execute();
    const children = rows.map((r) => JSON.parse(r.doc) as { id: string; manuscriptId: string }).filter((doc) => doc.manuscriptId === manuscript.id);
    for (const doc of children) {
      const audience = collection.visibility.audience(doc as never);
      const checkpoint = await ctx.db.transaction().execute(async (trx) => {
        const serverUpdatedAt = await nextChangeTime(trx, collection.name, ctx.now());
        await writeDoc(trx, collection.name, doc, true, serverUpdatedAt, audience);
        return { updatedAt: serverUpdatedAt, id: doc.id };
      });
      ctx.pubsub.publish(audience, { collection: collection.name, checkpoint });
      ctx.docEvents.emit({ collection: collection.name, id: doc.id, doc, deleted: true, previous: doc, writerId: null });
    }
  }
}

/** Listens for manuscript deletions for the life of the server; returns the unsubscribe. */
export function deleteChildrenOfDeletedManuscripts(ctx: AppContext): () => void {
  return ctx.docEvents.on('manuscripts', async (write) => {
    if (write.deleted) await deleteChildren(ctx, write.doc as Manuscript);
  });
}
