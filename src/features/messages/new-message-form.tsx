/**
 * "New message": find a person by exact username (an online lookup — the one part of messages
 * that needs the network), then open the conversation with them.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { conversationIdOf } from '../../../sync/collections/messages';
import { lookupUser } from '../../../sync/api/users';
import { ApiRequestError, call } from '../../lib/api';
import { Button, TextField, useOnline } from '../../ui';

export function NewMessageForm({ me, onDone }: { me: string; onDone: () => void }) {
  const navigate = useNavigate();
  const online = useOnline();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const name = username.trim();
    if (!name) return setError('Enter a username.');
    setBusy(true);
    setError(undefined);
    try {
      const person = await call(lookupUser, { query: { username: name } });
      if (person.id === me) return setError("That's you — pick someone else.");
      onDone();
      navigate(`/messages/${encodeURIComponent(conversationIdOf(me, person.id))}`, { state: { person: { id: person.id, name: person.displayName } } });
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 404) setError(`No one has the username “${name}”.`);
      else if (err instanceof ApiRequestError && err.isNetwork) setError('Finding people needs a connection.');
      else setError('That did not work. Try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="new-message" onSubmit={submit} noValidate>
      <TextField
        label="Username"
        name="username"
        autoComplete="off"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={error}
        hint={online ? undefined : 'You are offline.'}
      />
      <div className="new-message-actions">
        <Button type="submit" loading={busy} disabled={!online}>
          Start conversation
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
