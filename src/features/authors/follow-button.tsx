/**
 * Follow / unfollow an author: a device write to the replicated follows (offline too). Used on
 * the author page and on a person's profile; whoever renders it opens the local database.
 */
import { followId } from '../../../sync/collections/follows';
import { useCollection, useLiveDocs } from '../../db/use-live-docs';
import { follow, unfollow } from './follow-actions';

export function FollowButton({ author, userId }: { author: { id: string; name: string }; userId: string }) {
  const collection = useCollection('follows');
  const id = followId(userId, author.id);
  const { docs, loading } = useLiveDocs('follows', { selector: { id } });
  const following = docs.length > 0;
  return (
    <button
      type="button"
      className={`btn btn-md ${following ? 'btn-secondary' : 'btn-primary'} author-follow`}
      aria-pressed={following}
      disabled={!collection || loading}
      onClick={() => {
        if (!collection) return;
        void (following ? unfollow(collection, id) : follow(collection, userId, author));
      }}
    >
      <span aria-hidden="true">{following ? '✓ ' : '+ '}</span>
      {following ? 'Following' : 'Follow'}
    </button>
  );
}
