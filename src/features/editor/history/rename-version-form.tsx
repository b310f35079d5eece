/** Renaming a named version in place, with the same name rule as saving one. */
import { useState, type FormEvent } from 'react';
import { VERSION_NAME_MAX, VersionNameSchema } from '../../../../sync/api/versions';
import { Button, FormError, TextField } from '../../../ui';
import { useRenameVersion } from './versions-api';
import { errorMessage, fieldErrorsOf } from '../../../lib/api';

export function RenameVersionForm({ chapterId, id, name: initial, onDone }: { chapterId: string; id: string; name: string; onDone: () => void }) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const rename = useRenameVersion(chapterId);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = VersionNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    rename.mutate({ id, name: parsed.data }, { onSuccess: onDone });
  }

  const serverField = fieldErrorsOf(rename.error).name;
  return (
    <form className="history-save" onSubmit={handleSubmit} noValidate aria-label="Rename version">
      <TextField
        label="New name"
        value={name}
        maxLength={VERSION_NAME_MAX + 20}
        autoComplete="off"
        autoFocus
        error={error ?? serverField}
        onChange={(e) => setName(e.target.value)}
      />
      <Button type="submit" loading={rename.isPending}>
        Rename
      </Button>
      <Button variant="secondary" onClick={onDone} disabled={rename.isPending}>
        Cancel
      </Button>
      <FormError>{rename.isError && !serverField ? errorMessage(rename.error) : null}</FormError>
    </form>
  );
}
