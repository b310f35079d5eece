/** Following and unfollowing: device writes (offline too), replicated later. */
import { followId, type Follow } from '../../../sync/collections/follows';
import type { useCollection } from '../../db/use-live-docs';

export type FollowsCollection = NonNullable<ReturnType<typeof useCollection<'follows'>>>;

/** Upsert, so following again after unfollowing (a tombstone on the server) revives the entry. */
export async function follow(collection: FollowsCollection, ownerId: string, author: { id: string; name: string }, now = Date.now()) {
  const entry: Follow = {
    id: followId(ownerId, author.id),
    ownerId,
    authorId: author.id,
    authorName: author.name.slice(0, 200),
    followedAt: now,
    updatedAt: now,
  };
  await collection.upsert(entry);
}

export async function unfollow(collection: FollowsCollection, id: string) {
  const doc = await collection.findOne(id).exec();
  await doc?.incrementalRemove();
}
