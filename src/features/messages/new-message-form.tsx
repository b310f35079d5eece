/**
 * "New message": find a person by name or username as one types (GET /api/users/search, the one
 * part of messages that needs the network), then open the conversation with them. The field is
 * an ARIA combobox: arrow keys move through the people, Enter picks, Escape closes the list.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { conversationIdOf } from '../../../sync/collections/messages';
import { searchUsers, type PersonMatch } from '../../../sync/api/users';
import { ApiRequestError, call } from '../../lib/api';
import { useDebounced } from '../../lib/use-debounced';
import { Button, useOnline } from '../../ui';

// Long enough to skip the keystrokes of a name typed in one go, short enough to feel live.
const DEBOUNCE_MS = 200;

function failure(error: unknown): string {
  if (error instanceof ApiRequestError && error.isNetwork) return 'Finding people needs a connection.';
  if (error instanceof ApiRequestError && error.status === 429) return 'Too many searches at once. Wait a moment, then type again.';
  return 'Searching did not work. Try again.';
}

export function NewMessageForm({ me, onDone }: { me: string; onDone: () => void }) {
  const navigate = useNavigate();
  const online = useOnline();
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string | undefined>();
  const wanted = useDebounced(text.trim(), DEBOUNCE_MS);
  const search = useQuery({
    queryKey: ['users', 'search', wanted],
    queryFn: ({ signal }) => call(searchUsers, { query: { q: wanted }, signal }),
    enabled: wanted.length > 0 && online,
    staleTime: 30_000,
    retry: false,
  });
  const people = wanted.length > 0 ? (search.data?.people ?? []) : [];
  const settled = wanted === text.trim() && !search.isFetching;
  const expanded = open && people.length > 0;

  useEffect(() => setActive(-1), [wanted]);

  function choose(person: PersonMatch) {
    onDone();
    void navigate(`/messages/${encodeURIComponent(conversationIdOf(me, person.id))}`, { state: { person: { id: person.id, name: person.displayName } } });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const typed = text.trim().replace(/^@/, '').toLowerCase();
    const person = people[active] ?? people.find((p) => p.username === typed);
    if (person) choose(person);
    else setError(typed ? 'Pick a person from the list.' : 'Type a name or username.');
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' && people.length > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % people.length);
    } else if (e.key === 'ArrowUp' && people.length > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a <= 0 ? people.length - 1 : a - 1));
    } else if (e.key === 'Escape' && expanded) {
      // The first Escape closes the list; the form stays open.
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  let status: string | undefined;
  if (!online) status = 'You are offline: finding people needs a connection.';
  else if (!text.trim()) status = 'Type part of a name or username.';
  else if (search.isError && settled) status = failure(search.error);
  else if (!settled) status = 'Searching…';
  else if (people.length === 0) status = `No one matches “${text.trim()}”.`;
  else status = people.length === 1 ? '1 person found.' : `${people.length} people found.`;

  const hintId = `${id}-status`;
  const errorId = `${id}-error`;
  return (
    <form className="new-message" onSubmit={submit} noValidate aria-busy={!settled && !!text.trim()}>
      <div className={`field${error ? ' field-invalid' : ''}`}>
        <label htmlFor={`${id}-input`}>To</label>
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? `${id}-${active}` : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          aria-invalid={error ? true : undefined}
          placeholder="Name or username"
          autoComplete="off"
          spellCheck={false}
          autoFocus
          value={text}
          disabled={!online}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setError(undefined);
          }}
          onKeyDown={onKeyDown}
        />
        {error && (
          <p id={errorId} className="field-error">
            {error}
          </p>
        )}
        <p id={hintId} className="field-hint" role="status">
          {status}
        </p>
      </div>
      <ul id={`${id}-list`} role="listbox" aria-label="People" className="people-options" hidden={!expanded}>
        {people.map((p, i) => (
          <li
            key={p.id}
            id={`${id}-${i}`}
            role="option"
            aria-selected={i === active}
            // mousedown, not click: it lands before focus leaves the field.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(p);
            }}
          >
            <span className="person-initial" aria-hidden="true">
              {p.displayName.trim().charAt(0).toUpperCase() || '?'}
            </span>
            <span className="person-name">{p.displayName}</span>
            <span className="person-username">@{p.username}</span>
          </li>
        ))}
      </ul>
      <div className="new-message-actions">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
