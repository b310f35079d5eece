/** The author (followers) or book (buyers) a notice's segment is of: search as one types, pick one. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { findNoticeTargets, type NoticePick } from '../../../sync/api/admin-notices';
import { call } from '../../lib/api';
import { useDebounced } from '../../lib/use-debounced';
import { Button, TextField } from '../../ui';
import { adminKey } from '../admin/admin-api';

const SEARCH_DEBOUNCE_MS = 250;

export function NoticeTargetPicker({
  kind,
  picked,
  onPick,
  error,
}: {
  kind: 'author' | 'book';
  picked: NoticePick | null;
  onPick: (pick: NoticePick | null) => void;
  error?: string;
}) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: adminKey('notice-targets', kind, q),
    queryFn: ({ signal }) => call(findNoticeTargets, { query: { kind, q }, signal }),
    enabled: !picked,
    placeholderData: keepPreviousData,
  });
  const noun = kind === 'author' ? 'author' : 'book';
  if (picked) {
    return (
      <div className="row" role="group" aria-label={`Chosen ${noun}`}>
        <span>
          <strong>{picked.label}</strong> <span className="muted">{picked.detail}</span>
        </span>
        <Button size="sm" variant="secondary" onClick={() => onPick(null)}>
          Change {noun}
        </Button>
      </div>
    );
  }
  const found = query.data?.items ?? [];
  return (
    <div>
      <TextField
        label={kind === 'author' ? 'Author' : 'Book'}
        hint={kind === 'author' ? 'Type part of the author’s name.' : 'Type part of the title.'}
        value={text}
        error={error}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
      />
      <ul className="notices-pick-results" aria-label={`Matching ${noun}s`} aria-busy={query.isFetching}>
        {found.map((item) => (
          <li key={item.id} className="row">
            <Button size="sm" variant="secondary" onClick={() => onPick(item)} aria-label={`Choose ${item.label}`}>
              Choose
            </Button>
            <span>
              {item.label} <span className="muted">{item.detail}</span>
            </span>
          </li>
        ))}
        {q && !query.isFetching && found.length === 0 && (
          <li className="muted">
            No {noun} matches “{q}”.
          </li>
        )}
      </ul>
    </div>
  );
}
