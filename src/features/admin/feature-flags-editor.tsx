/** Feature flags as a list of name → on/off, with add and remove. */
import { useState } from 'react';
import { FEATURE_FLAG_KEY } from '../../../sync/api/admin';
import { Button, Checkbox, TextField } from '../../ui';

export function FeatureFlagsEditor({
  flags,
  onChange,
  error,
}: {
  flags: Record<string, boolean>;
  onChange: (flags: Record<string, boolean>) => void;
  error?: string;
}) {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const entries = Object.entries(flags).sort(([a], [b]) => a.localeCompare(b));

  function handleAdd() {
    const key = name.trim();
    if (!FEATURE_FLAG_KEY.test(key)) return setNameError('Start with a letter; use lower-case letters, digits, dots, dashes and underscores.');
    if (key in flags) return setNameError('That flag exists already.');
    setNameError(undefined);
    setName('');
    onChange({ ...flags, [key]: false });
  }
  function handleRemove(key: string) {
    const { [key]: _removed, ...rest } = flags;
    onChange(rest);
  }

  return (
    <fieldset className="admin-fieldset">
      <legend>Feature flags</legend>
      {entries.length === 0 ? (
        <p className="muted">No flags yet. Features that ship behind a flag read them by name.</p>
      ) : (
        <ul className="admin-flags">
          {entries.map(([key, on]) => (
            <li key={key}>
              <Checkbox label={<code>{key}</code>} checked={on} onChange={(e) => onChange({ ...flags, [key]: e.target.checked })} />
              <Button size="sm" variant="ghost" onClick={() => handleRemove(key)} aria-label={`Remove flag ${key}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && <p className="field-error">{error}</p>}
      <div className="admin-filters">
        <TextField
          label="New flag"
          placeholder="e.g. store.enabled"
          value={name}
          error={nameError}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              handleAdd();
            }
          }}
        />
        <Button variant="secondary" onClick={handleAdd}>
          Add flag
        </Button>
      </div>
    </fieldset>
  );
}
