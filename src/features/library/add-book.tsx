/**
 * "Add a book" on /books: a reader's own DRM-free EPUB, picked or dropped, uploaded with progress
 * (POST /api/library/sideloads, decision 027). The server answers once the book is imported, so
 * success means it is in the library; a refusal (DRM, too large, no space) shows next to the file.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { addSideload, getLibraryStorage, type LibraryBook } from '../../../sync/api/library';
import { formatBytes } from '../../../sync/text/bytes';
import { call, errorMessage, fieldErrorsOf } from '../../lib/api';
import { uploadWithProgress, type Upload } from '../../lib/upload';
import { Button, Dialog, Notice, useOnline } from '../../ui';

type State =
  { kind: 'idle' } | { kind: 'uploading'; name: string; progress: number } | { kind: 'failed'; message: string } | { kind: 'added'; book: LibraryBook };

// Under the library's key, so refreshing the library (an upload, a removal) refreshes the storage line too.
const LIBRARY_STORAGE_KEY = ['library', 'storage'];

export function AddBookDialog({ open, onClose, readerPath }: { open: boolean; onClose: () => void; readerPath: (bookId: string) => string }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [over, setOver] = useState(false);
  const upload = useRef<Upload<unknown> | null>(null);
  const storage = useQuery({ queryKey: LIBRARY_STORAGE_KEY, queryFn: () => call(getLibraryStorage), enabled: open && online });

  function start(file: File) {
    const max = storage.data?.maxUploadBytes;
    if (!/\.epub$/i.test(file.name) && file.type !== 'application/epub+zip') {
      return setState({ kind: 'failed', message: `“${file.name}” is not an EPUB. Choose a file ending in .epub.` });
    }
    if (max !== undefined && file.size > max) {
      return setState({ kind: 'failed', message: `This file is larger than ${formatBytes(max)}, the most one book may be.` });
    }
    setState({ kind: 'uploading', name: file.name, progress: 0 });
    const sending = uploadWithProgress(addSideload, {}, file, (progress) => setState({ kind: 'uploading', name: file.name, progress }));
    upload.current = sending;
    sending.done.then(
      ({ book }) => {
        setState({ kind: 'added', book });
        void queryClient.invalidateQueries({ queryKey: ['library'] });
      },
      (error: unknown) => setState({ kind: 'failed', message: fieldErrorsOf(error).file ?? errorMessage(error) }),
    );
  }

  function close() {
    if (state.kind === 'uploading') upload.current?.abort();
    setState({ kind: 'idle' });
    onClose();
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && state.kind !== 'uploading') start(file);
  };
  const uploading = state.kind === 'uploading';
  const percent = uploading ? Math.round(state.progress * 100) : 0;

  return (
    <Dialog open={open} onClose={close} title="Add a book">
      {state.kind === 'added' ? (
        <div className="add-book-done">
          <Notice tone="success" title="Added to your library">
            “{state.book.title}” is in your library. Only you can see it.
          </Notice>
          <p className="add-book-actions">
            <Link className="btn btn-primary btn-md" to={readerPath(state.book.id)}>
              Read now
            </Link>
            <Button variant="secondary" onClick={() => setState({ kind: 'idle' })}>
              Add another
            </Button>
          </p>
        </div>
      ) : (
        <>
          <p className="add-book-intro">
            Add an EPUB you own. It stays private to you: it is never shown in the store or to anyone else. The file must be DRM-free.
          </p>
          <div
            className={`add-book-drop${over ? ' add-book-drop-over' : ''}`}
            onDragOver={(event) => {
              event.preventDefault();
              setOver(true);
            }}
            onDragLeave={() => setOver(false)}
            onDrop={onDrop}
            data-testid="add-book-drop"
            aria-busy={uploading}
          >
            <p className="add-book-drop-title">Drag an EPUB here, or</p>
            <label htmlFor={inputId} className="btn btn-primary btn-md add-book-choose">
              Choose an EPUB
            </label>
            <input
              id={inputId}
              type="file"
              className="visually-hidden"
              accept=".epub,application/epub+zip"
              disabled={uploading || !online}
              aria-describedby={`${hintId}${state.kind === 'failed' ? ` ${errorId}` : ''}`}
              aria-invalid={state.kind === 'failed' || undefined}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) start(file);
                event.target.value = ''; // choosing the same file again still fires change
              }}
            />
            <p className="field-hint" id={hintId}>
              {storage.data
                ? `EPUB up to ${formatBytes(storage.data.maxUploadBytes)} · ${formatBytes(storage.data.usedBytes)} of your ${formatBytes(storage.data.quotaBytes)} storage used`
                : 'EPUB files only'}
            </p>
            {uploading && (
              <div className="add-book-progress">
                <progress max={100} value={percent} aria-label={`Uploading ${state.name}`} />
                <span>{percent < 100 ? `Uploading ${state.name}… ${percent}%` : `Adding ${state.name} to your library…`}</span>
              </div>
            )}
            {state.kind === 'failed' && (
              <p className="field-error" id={errorId} role="alert">
                {state.message}
              </p>
            )}
          </div>
          {!online && (
            <Notice tone="warning" title="You're offline">
              Adding a book needs a connection. Try again when you're back online.
            </Notice>
          )}
        </>
      )}
    </Dialog>
  );
}
