/**
 * Whether the signed-in person owns a book: from their library (the same query the library page
 * uses, kept offline), not from the store's answers, which are the same for everyone so the
 * service worker can keep them. `undefined` while it is not known yet.
 */
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import { fetchLibraryCached } from '../library/offline-books';

export function useOwnsBook(bookId: string): boolean | undefined {
  const { user } = useSession();
  const library = useQuery({ queryKey: ['library'], queryFn: () => fetchLibraryCached(), enabled: user !== null, retry: false });
  if (!user) return false;
  return library.data ? library.data.books.some((b) => b.id === bookId) : undefined;
}
