/**
 * Pure edits of a reading list's items. Positions are always rewritten 0..n-1 so that two
 * devices' orders compare by value, and a list reads the same everywhere.
 */
import type { BookCard } from '../../../sync/api/books';
import type { ReadingList, ReadingListItem } from '../../../sync/collections/reading-lists';

export function sortedItems(list: Pick<ReadingList, 'items'>): ReadingListItem[] {
  return [...list.items].sort((a, b) => a.position - b.position);
}

function renumber(items: ReadingListItem[]): ReadingListItem[] {
  return items.map((item, position) => ({ ...item, position }));
}

/** Move the item at `from` to index `to` (both in display order); out-of-range moves do nothing. */
export function moveItem(items: ReadingListItem[], from: number, to: number): ReadingListItem[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return items;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return renumber(next);
}

/** Append a book, copying its card so the list renders offline; a book already present stays put. */
export function addBook(items: ReadingListItem[], book: BookCard): ReadingListItem[] {
  if (items.some((i) => i.bookId === book.id)) return items;
  const item: ReadingListItem = {
    bookId: book.id,
    note: '',
    position: items.length,
    title: book.title.slice(0, 300),
    authors: book.authors.join(', ').slice(0, 500),
    ...(book.coverUrl ? { coverUrl: book.coverUrl.slice(0, 500) } : {}),
  };
  return renumber([...items, item]);
}

export function removeItem(items: ReadingListItem[], bookId: string): ReadingListItem[] {
  return renumber(items.filter((i) => i.bookId !== bookId));
}

export function setNote(items: ReadingListItem[], bookId: string, note: string): ReadingListItem[] {
  return items.map((i) => (i.bookId === bookId ? { ...i, note: note.slice(0, 2000) } : i));
}

export function newListId(): string {
  return crypto.randomUUID();
}

export function shareUrl(listId: string): string {
  return `${window.location.origin}/lists/${encodeURIComponent(listId)}`;
}
