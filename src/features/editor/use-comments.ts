/**
 * Reads and writes of comment threads in the local database: live, offline, synced underneath by
 * the sync engine like every other collection. The owner's device also keeps every comment's
 * audience copy equal to the manuscript's co-authors, so people invited later see older threads.
 */
import { useEffect, useMemo } from 'react';
import type { ManuscriptComment } from '../../../sync/collections/manuscript-comments';
import type { Manuscript } from '../../../sync/collections/manuscripts';
import type { TextQuote } from '../../../sync/collections/text-quote';
import { useCollection, useLiveDocs } from '../../db/use-live-docs';
import { buildReply, buildThread, editPatch, REMOVED_PATCH, staleAudience, statusPatch } from './comments-model';

export function useManuscriptComments(manuscriptId: string) {
  const { docs, loading } = useLiveDocs('manuscript-comments', { selector: { manuscriptId } });
  return { comments: docs, loading };
}

type Author = { id: string; username: string };

export function useCommentCommands(manuscript: Manuscript, author: Author) {
  const comments = useCollection('manuscript-comments');
  return useMemo(() => {
    function ready() {
      if (!comments) throw new Error('The local database is still opening.');
      return comments;
    }
    async function patch(id: string, change: Partial<ManuscriptComment>) {
      const doc = await ready().findOne(id).exec();
      await doc?.incrementalPatch(change);
    }
    return {
      async startThread(chapterId: string, anchor: TextQuote, body: string): Promise<string> {
        const thread = buildThread(manuscript, chapterId, author, anchor, body, Date.now());
        await ready().insert(thread);
        return thread.id;
      },
      async reply(root: ManuscriptComment, body: string) {
        await ready().insert(buildReply(manuscript, root, author, body, Date.now()));
      },
      edit: (id: string, body: string) => patch(id, editPatch(body, Date.now())),
      setResolved: (id: string, resolved: boolean) => patch(id, statusPatch(resolved, author.id, Date.now())),
      remove: (id: string) => patch(id, { ...REMOVED_PATCH, updatedAt: Date.now() }),
    };
  }, [comments, manuscript, author]);
}

/** On the owner's device: rewrite audience copies that lag behind the co-author list. */
export function useCommentAudience(manuscript: Manuscript | null, comments: ManuscriptComment[], isOwner: boolean) {
  const collection = useCollection('manuscript-comments');
  const stale = manuscript && isOwner ? staleAudience(comments, manuscript) : [];
  const memberIds = manuscript?.memberIds;
  const key = stale.map((c) => c.id).join(',');
  useEffect(() => {
    if (!collection || !key || !memberIds) return;
    const ids = key.split(',');
    void collection
      .find({ selector: { id: { $in: ids } } })
      .exec()
      .then((docs) => Promise.all(docs.map((d) => d.incrementalPatch({ memberIds: [...memberIds] }))));
  }, [collection, key, memberIds]);
}
