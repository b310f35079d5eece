/**
 * "New from authors you follow" on the signed-in home page: loaded lazily (its own chunk, only
 * for signed-in people, so the first load of `/` does not grow), and shown only when there is
 * something in it — nothing while it loads, offline or when it is empty.
 */
import { useQuery } from '@tanstack/react-query';
import { getFollowedNewBooks } from '../../../sync/api/authors';
import { call } from '../../lib/api';
import { BookCard } from '../store/book-card';

export default function FollowedShelf({ userId }: { userId: string }) {
  const query = useQuery({ queryKey: ['authors', 'following', 'new-books', userId], queryFn: () => call(getFollowedNewBooks) });
  const books = query.data?.books ?? [];
  if (books.length === 0) return null;
  return (
    <section className="home-shelf" aria-labelledby="followed-heading">
      <h2 id="followed-heading">New from authors you follow</h2>
      <div className="book-row">
        {books.map((b) => (
          <BookCard key={b.id} book={b} />
        ))}
      </div>
    </section>
  );
}
