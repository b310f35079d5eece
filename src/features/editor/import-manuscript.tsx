/**
 * "Import manuscript" on /editor: choose a .docx, .md or .epub file (a button, or drop it on the
 * box), upload it with progress, wait while the server converts it, then open the new manuscript
 * once its first chapter has reached this device's database (it arrives by replication, like any
 * manuscript). Errors appear under the file control; offline the control is disabled and says why.
 * The native file input stays (visually hidden, focusable): it is what the keyboard, screen
 * readers and the file chooser work with; its label is styled as a button.
 */
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { filter, firstValueFrom, timeout } from 'rxjs';
import { MANUSCRIPT_IMPORT_EXTENSIONS, MANUSCRIPT_IMPORT_MAX_BYTES } from '../../../sync/api/manuscripts';
import { ApiRequestError } from '../../lib/api';
import { useCollection } from '../../db/use-live-docs';
import { Button, Card, useOnline, useToast } from '../../ui';
import { checkImportFile, uploadManuscript } from './upload-manuscript';

/** "1.2 MB", "340 KB": enough to recognise the file. */
function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

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
  const disabled = !online || busy;
  const [dragging, setDragging] = useState(false);
  const id = 'import-manuscript-file';

  function handleDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) choose(dropped);
  }

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
          <label htmlFor={id} id={`${id}-label`}>
            Manuscript file
          </label>
          <div
            className="file-drop"
            data-dragging={dragging || undefined}
            data-disabled={disabled || undefined}
            onDragOver={(e) => {
              e.preventDefault();
              e.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
              if (!disabled) setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={handleDrop}
          >
            <input
              id={id}
              type="file"
              className="visually-hidden"
              accept={[
                ...MANUSCRIPT_IMPORT_EXTENSIONS,
                'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
                'text/markdown',
                'application/epub+zip',
              ].join(',')}
              disabled={disabled}
              aria-labelledby={`${id}-label`}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-chosen ${describedBy}`}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
            />
            {/* The button look for the input above (a click on a label opens its chooser); the input itself takes the focus. */}
            <label htmlFor={id} className={`btn btn-secondary btn-md file-button${disabled ? ' btn-disabled' : ''}`} aria-hidden="true">
              <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18">
                <path
                  d="M10 3v10M5.5 7.5 10 3l4.5 4.5M4 14v3h12v-3"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              {file ? 'Choose another file' : 'Choose a file'}
            </label>
            <span className="file-chosen" id={`${id}-chosen`}>
              {file ? (
                <>
                  <strong>{file.name}</strong> <span className="muted">· {formatSize(file.size)}</span>
                </>
              ) : (
                <span className="muted">No file chosen{disabled ? '' : ' — or drop one here'}</span>
              )}
            </span>
          </div>
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
