/**
 * The store's search field: suggestions as you type (books and authors), debounced, each
 * keystroke cancelling the request before it, in an ARIA combobox (arrow keys move, Enter opens
 * the highlighted suggestion or searches for the text, Escape closes).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { suggestStore, type StoreSuggestion } from '../../../sync/api/store';
import { call } from '../../lib/api';
import { useDebounced } from '../../lib/use-debounced';
import { Button } from '../../ui';

// Short enough that results follow a keystroke within 100 ms (npm run bench:lighthouse measures it);
// a request still in flight is cancelled by the next one.
const DEBOUNCE_MS = 50;

function hrefOf(s: StoreSuggestion): string {
  return s.kind === 'book' ? `/book/${s.id}` : `/author/${s.id}`;
}

export function StoreSearchBox({ initial = '', onSearch }: { initial?: string; onSearch: (text: string) => void }) {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const wanted = useDebounced(text.trim(), DEBOUNCE_MS);
  const suggestions = useQuery({
    queryKey: ['store', 'suggest', wanted],
    queryFn: ({ signal }) => call(suggestStore, { query: { q: wanted }, signal }),
    enabled: wanted.length > 0,
    staleTime: 60_000,
  });
  const items = wanted.length > 0 ? (suggestions.data?.suggestions ?? []) : [];
  const expanded = open && items.length > 0;

  useEffect(() => setActive(-1), [wanted]);

  function choose(index: number) {
    const item = items[index];
    setOpen(false);
    if (item) void navigate(hrefOf(item));
    else onSearch(text.trim());
  }

  return (
    <form
      className="store-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        choose(active);
      }}
    >
      <label htmlFor={`${listId}-input`} className="visually-hidden">
        Search the store
      </label>
      <input
        id={`${listId}-input`}
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder="Search titles, authors, publishers…"
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && items.length > 0) {
            e.preventDefault();
            setOpen(true);
            setActive((a) => (a + 1) % items.length);
          } else if (e.key === 'ArrowUp' && items.length > 0) {
            e.preventDefault();
            setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
          } else if (e.key === 'Escape') {
            setOpen(false);
            setActive(-1);
          }
        }}
      />
      <Button type="submit">Search</Button>
      {/* data-query: the text these suggestions answer (the typing benchmark waits for it). */}
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        className="store-suggestions"
        hidden={!expanded}
        data-query={suggestions.isSuccess ? wanted : undefined}
      >
        {items.map((s, i) => (
          <li
            key={`${s.kind}:${s.id}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // mousedown, not click: it lands before the input's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(i);
            }}
          >
            <span className="store-suggestion-label">{s.label}</span>
            <span className="store-suggestion-detail">{s.kind === 'author' ? 'Author' : s.detail}</span>
          </li>
        ))}
      </ul>
    </form>
  );
}
