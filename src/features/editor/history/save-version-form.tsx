/**
 * "Save version…": names the chapter's current text. The name is checked here with the server's
 * own rule (sync/api/versions.ts) so the message appears next to the field before any request.
 */
import { useState, type FormEvent } from 'react';
import { VERSION_NAME_MAX, VersionNameSchema } from '../../../../sync/api/versions';
import { Button, FormError, TextField, useOnline, useToast } from '../../../ui';
import { useSaveVersion } from './versions-api';
import { errorMessage, fieldErrorsOf } from '../../../lib/api';

export function SaveVersionForm({ chapterId }: { chapterId: string }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const online = useOnline();
  const save = useSaveVersion(chapterId);
  const toast = useToast();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = VersionNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        toast(`Saved version “${parsed.data}”.`, { tone: 'success' });
      },
    });
  }

  const serverField = fieldErrorsOf(save.error).name;
  return (
    <form className="history-save" onSubmit={handleSubmit} noValidate aria-label="Save version">
      <TextField
        label="Version name"
        hint="A named version is kept for good."
        value={name}
        maxLength={VERSION_NAME_MAX + 20}
        autoComplete="off"
        error={error ?? serverField}
        onChange={(e) => {
          setName(e.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" loading={save.isPending} disabled={!online}>
        Save version
      </Button>
      <FormError>{save.isError && !serverField ? errorMessage(save.error) : null}</FormError>
    </form>
  );
}
