/** One file: preview by kind, inline rename (validated as the API does), download and delete. */
import { useId, useState, type FormEvent } from 'react';
import { fileNameProblem, type FileItem } from '../../../sync/api/files';
import { ApiRequestError } from '../../lib/api';
import { Button, Dialog, Picture, formatDate } from '../../ui';
import { useDeleteFile, useRenameFile } from './use-files';
import { formatBytes } from '../../../sync/text/bytes';

const KIND_LABEL: Record<FileItem['kind'], string> = { image: 'Image', docx: 'DOCX', markdown: 'Markdown', epub: 'EPUB' };

function Preview({ file }: { file: FileItem }) {
  if (file.kind === 'image') return <Picture className="file-thumb" src={file.url} set={file.imageSet} sizes="16rem" alt="" loading="lazy" />;
  if (file.kind === 'markdown') return <pre className="file-excerpt">{file.excerpt || 'Empty document'}</pre>;
  return (
    <div className={`file-type file-type-${file.kind}`} aria-hidden="true">
      {KIND_LABEL[file.kind]}
    </div>
  );
}

function RenameForm({ file, onDone }: { file: FileItem; onDone: () => void }) {
  const [name, setName] = useState(file.name);
  const [error, setError] = useState<string>();
  const rename = useRenameFile();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = fileNameProblem(name);
    if (problem) return setError(problem);
    if (name.trim() === file.name) return onDone();
    rename.mutate(
      { id: file.id, name },
      {
        onSuccess: onDone,
        onError: (e) => setError(e instanceof ApiRequestError ? (e.fields.name ?? e.message) : 'Could not rename the file.'),
      },
    );
  };
  return (
    <form className="file-rename" onSubmit={submit} onKeyDown={(event) => event.key === 'Escape' && onDone()}>
      <label htmlFor={id} className="visually-hidden">
        New name for {file.name}
      </label>
      <input
        id={id}
        value={name}
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      <div className="file-actions">
        <Button size="sm" type="submit" loading={rename.isPending}>
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function FileCard({ file }: { file: FileItem }) {
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteFile();
  return (
    <li className="file-card" aria-label={file.name}>
      <div className="file-preview">
        <Preview file={file} />
      </div>
      <div className="file-body">
        {renaming ? (
          <RenameForm file={file} onDone={() => setRenaming(false)} />
        ) : (
          <>
            <h3 className="file-name" title={file.name}>
              {file.name}
            </h3>
            <p className="file-meta">
              {KIND_LABEL[file.kind]} · {formatBytes(file.size)} · {formatDate(file.createdAt)}
            </p>
            <div className="file-actions">
              <a className="btn btn-ghost btn-sm" href={file.url} download={file.name}>
                Download
              </a>
              <Button size="sm" variant="ghost" aria-label={`Rename ${file.name}`} onClick={() => setRenaming(true)}>
                Rename
              </Button>
              <Button size="sm" variant="ghost" aria-label={`Delete ${file.name}`} onClick={() => setConfirming(true)}>
                Delete
              </Button>
            </div>
          </>
        )}
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete “${file.name}”?`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate(file.id, { onSuccess: () => setConfirming(false) })}>
              Delete file
            </Button>
          </>
        }
      >
        <p>The file leaves your storage for good.{file.kind === 'image' ? ' Chapters that show this image will show a gap instead.' : ''}</p>
        {remove.error && (
          <p className="field-error" role="alert">
            {remove.error.message}
          </p>
        )}
      </Dialog>
    </li>
  );
}
