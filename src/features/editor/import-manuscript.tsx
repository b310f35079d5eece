/**
 * "Import manuscript" on /editor: choose a .docx, .md or .epub file, upload it with progress, wait
 * while the server converts it, then open the new manuscript once its first chapter has reached
 * this device's database (it arrives by replication, like any manuscript). Errors appear under
 * the file control; offline the control is disabled and says why.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { filter, firstValueFrom, timeout } from 'rxjs';
import { MANUSCRIPT_IMPORT_EXTENSIONS, MANUSCRIPT_IMPORT_MAX_BYTES } from '../../../sync/api/manuscripts';
import { ApiRequestError } from '../../lib/api';
import { useCollection } from '../../db/use-live-docs';
import { Button, Card, useOnline, useToast } from '../../ui';
import { checkImportFile, uploadManuscript } from './upload-manuscript';

type Phase = { name: 'idle' } | { name: 'uploading'; fraction: number } | { name: 'importing' };

/** How long to wait for the new manuscript to replicate before opening it anyway. */
const ARRIVAL_TIMEOUT_MS = 15_000;

export function ImportManuscript() {
  const online = useOnline();
  const chapters = useCollection('manuscript-chapters');
  const navigate = useNavigate();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const busy = phase.name !== 'idle';
  const id = 'import-manuscript-file';

  function choose(next: File | null) {
    setFile(next);
    setError(next ? checkImportFile(next) : null);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setError('Choose a file to import.');
    const problem = checkImportFile(file);
    if (problem) return setError(problem);
    setError(null);
    setPhase({ name: 'uploading', fraction: 0 });
    try {
      const result = await uploadManuscript(file, (fraction) => {
        if (mounted.current) setPhase(fraction >= 1 ? { name: 'importing' } : { name: 'uploading', fraction });
      });
      if (mounted.current) setPhase({ name: 'importing' });
      const first = result.chapterIds[0]!;
      if (chapters) {
        await firstValueFrom(chapters.findOne(first).$.pipe(filter(Boolean), timeout(ARRIVAL_TIMEOUT_MS))).catch(() => undefined);
      }
      if (result.imagesSkipped > 0) {
        const n = result.imagesSkipped;
        toast(`${n} picture${n === 1 ? ' was' : 's were'} left out: the editor has no images yet.`);
      }
      if (mounted.current) navigate(`/editor/${result.manuscriptId}/${first}`);
    } catch (err) {
      if (!mounted.current) return;
      setPhase({ name: 'idle' });
      setError(err instanceof ApiRequestError ? err.message : 'The import failed. Try again in a moment.');
    }
  }

  const hint = online
    ? `Word (.docx), Markdown (.md) or EPUB, up to ${MANUSCRIPT_IMPORT_MAX_BYTES / 1024 / 1024} MB. Chapters start at each Heading 1 in Word or “# ” heading in Markdown; an EPUB keeps its chapters. Pictures are left out.`
    : 'Importing needs a connection: the file is converted on the server. You can still write offline.';
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <Card title="Import a manuscript">
      <form className="import-form" onSubmit={(e) => void handleSubmit(e)}>
        <div className={`field${error ? ' field-invalid' : ''}`}>
          <label htmlFor={id}>Manuscript file</label>
          <input
            id={id}
            type="file"
            accept={[
              ...MANUSCRIPT_IMPORT_EXTENSIONS,
              'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
              'text/markdown',
              'application/epub+zip',
            ].join(',')}
            disabled={!online || busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
          <p className="field-hint" id={`${id}-hint`}>
            {hint}
          </p>
          {error && (
            <p className="field-error" id={`${id}-error`} role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="import-actions">
          <Button type="submit" disabled={!online || !file || !!error} loading={busy}>
            Import manuscript
          </Button>
          {phase.name === 'uploading' && (
            <label className="import-progress">
              Uploading… {Math.round(phase.fraction * 100)}%
              <progress max={1} value={phase.fraction} />
            </label>
          )}
          {phase.name === 'importing' && (
            <span className="import-progress" role="status">
              Importing…
            </span>
          )}
        </div>
      </form>
    </Card>
  );
}
