/**
 * Follow / unfollow and "Message" on an author page, for signed-in people. Its own chunk (it
 * opens the local database): following is a device write that works offline and reaches the
 * person's other devices when they sync. The message link opens the conversation with the
 * author in the messages feature, which works offline too.
 */
import { Link } from 'react-router';
import { followId } from '../../../sync/collections/follows';
import { conversationIdOf } from '../../../sync/collections/messages';
import { useCollection, useLiveDocs } from '../../db/use-live-docs';
import { follow, unfollow } from './follow-actions';

export default function AuthorActions({ author, userId }: { author: { id: string; name: string }; userId: string }) {
  const collection = useCollection('follows');
  const id = followId(userId, author.id);
  const { docs, loading } = useLiveDocs('follows', { selector: { id } });
  const following = docs.length > 0;
  return (
    <>
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
      <Link
        to={`/messages/${encodeURIComponent(conversationIdOf(userId, author.id))}`}
        state={{ person: { id: author.id, name: author.name } }}
        className="btn btn-secondary btn-md"
      >
        Message
      </Link>
    </>
  );
}
