/**
 * "Add books": the demo catalogue as served to the home page (the same cached query), filtered
 * by title or author on the device. Needs the network the first time; the list itself does not.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { getHomeBooks, type BookCard, type HomeBooksResponse } from '../../../sync/api/books';
import { call } from '../../lib/api';
import { Button, Dialog, QueryState, TextField } from '../../ui';
import { ItemCover } from './list-tile';

function catalogue(data: HomeBooksResponse): BookCard[] {
  const seen = new Map<string, BookCard>();
  for (const book of [...data.featured, ...data.newReleases]) seen.set(book.id, book);
  return [...seen.values()];
}

export function BookPicker({ open, onClose, inList, onAdd }: { open: boolean; onClose(): void; inList: Set<string>; onAdd(book: BookCard): void }) {
  const query = useQuery({ queryKey: ['books', 'home'], queryFn: () => call(getHomeBooks), staleTime: 60_000, enabled: open });
  const [search, setSearch] = useState('');
  // Books clicked but not yet in the stored list: the device write is asynchronous, and a second
  // click in between would add the same book twice.
  const [clicked, setClicked] = useState<ReadonlySet<string>>(new Set());
  const books = useMemo(() => (query.data ? catalogue(query.data) : []), [query.data]);
  const needle = search.trim().toLowerCase();
  const shown = needle ? books.filter((b) => b.title.toLowerCase().includes(needle) || b.authors.join(' ').toLowerCase().includes(needle)) : books;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Add books"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <div className="picker-search">
        <TextField label="Search the catalogue" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <QueryState query={query} what="The catalogue">
        {() =>
          shown.length === 0 ? (
            <p>No books match “{search}”.</p>
          ) : (
            <ul className="picker-list" aria-label="Books">
              {shown.map((book) => {
                const added = inList.has(book.id) || clicked.has(book.id);
                return (
                  <li key={book.id} className="picker-row">
                    <ItemCover item={{ title: book.title, coverUrl: book.coverUrl ?? undefined }} />
                    <div>
                      <strong>{book.title}</strong>
                      <div className="page-description">{book.authors.join(', ')}</div>
                    </div>
                    <Button
                      size="sm"
                      variant={added ? 'ghost' : 'secondary'}
                      disabled={added}
                      onClick={() => {
                        setClicked((prev) => new Set(prev).add(book.id));
                        onAdd(book);
                      }}
                      aria-label={added ? `${book.title} is in the list` : `Add ${book.title}`}
                    >
                      {added ? 'Added' : 'Add'}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryState>
    </Dialog>
  );
}
