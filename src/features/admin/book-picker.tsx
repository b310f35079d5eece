/**
 * Find a listed store book by title and add it (to the Featured shelf, to a collection). The
 * search runs as the admin types (debounced); books already in the list are left out.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listAdminStoreBooks } from '../../../sync/api/admin-store';
import { call } from '../../lib/api';
import { useDebounced } from '../../lib/use-debounced';
import { Button, TextField } from '../../ui';
import { adminKey } from './admin-api';

const SEARCH_DEBOUNCE_MS = 250;
const SHOWN = 5;

export function BookPicker({ label, exclude, onPick, busy }: { label: string; exclude: string[]; onPick: (bookId: string) => void; busy?: boolean }) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: adminKey('store-books', 'pick', q),
    queryFn: ({ signal }) => call(listAdminStoreBooks, { query: { state: 'listed', q }, signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
  const found = (query.data?.items ?? []).filter((b) => !exclude.includes(b.id)).slice(0, SHOWN);
  return (
    <div className="admin-picker">
      <TextField label={label} type="search" placeholder="Title" value={text} onChange={(e) => setText(e.target.value)} />
      {q && (
        <ul className="admin-picker-results" aria-label={`Books matching “${q}”`} aria-busy={query.isFetching || undefined}>
          {found.map((b) => (
            <li key={b.id}>
              <span>
                <strong>{b.title}</strong>
                {b.authors.length > 0 && <span className="muted"> · {b.authors.join(', ')}</span>}
              </span>
              <Button size="sm" variant="secondary" disabled={busy} onClick={() => onPick(b.id)} aria-label={`Add ${b.title}`}>
                Add
              </Button>
            </li>
          ))}
          {query.data && found.length === 0 && <li className="muted">No other listed book matches.</li>}
        </ul>
      )}
    </div>
  );
}
