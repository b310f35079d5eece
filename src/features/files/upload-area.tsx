/** The drop zone with its file button, and the list of this visit's uploads with progress. */
import { useId, useState, type DragEvent } from 'react';
import { Button, Notice, useOnline } from '../../ui';
import type { UploadItem } from './upload-queue';
import { formatBytes } from '../../../sync/text/bytes';

const ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.docx,.md,.markdown,.epub,image/png,image/jpeg,image/gif,image/webp';

export function DropZone({
  onFiles,
  maxFileBytes,
  label = 'Choose files',
  multiple = true,
}: {
  onFiles: (files: File[]) => void;
  maxFileBytes?: number;
  label?: string;
  multiple?: boolean;
}) {
  const inputId = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);
  const online = useOnline();
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length) onFiles(Array.from(event.dataTransfer.files));
  };
  return (
    <div
      className={`drop-zone${over ? ' drop-zone-over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="drop-zone"
    >
      <p className="drop-zone-title">Drag files here, or</p>
      <label htmlFor={inputId} className="btn btn-primary btn-md drop-zone-button">
        {label}
      </label>
      <input
        id={inputId}
        type="file"
        className="visually-hidden"
        multiple={multiple}
        accept={ACCEPT}
        aria-describedby={hintId}
        onChange={(event) => {
          if (event.target.files?.length) onFiles(Array.from(event.target.files));
          event.target.value = ''; // choosing the same file again still fires change
        }}
      />
      <p className="field-hint" id={hintId}>
        PNG, JPEG, GIF or WebP images, DOCX, Markdown (.md) or EPUB{maxFileBytes ? ` · up to ${formatBytes(maxFileBytes)} each` : ''}.
      </p>
      {!online && (
        <Notice tone="warning" title="You're offline">
          Uploads need a connection. Files you add now wait here and upload when you're back online; nothing is lost.
        </Notice>
      )}
    </div>
  );
}

const STATUS_TEXT: Record<UploadItem['status'], string> = {
  uploading: 'Uploading',
  waiting: 'Waiting for a connection',
  done: 'Uploaded',
  failed: 'Not uploaded',
};

export function UploadList({
  items,
  onRetry,
  onDismiss,
  onClearFinished,
}: {
  items: UploadItem[];
  onRetry: (key: number) => void;
  onDismiss: (key: number) => void;
  onClearFinished: () => void;
}) {
  if (items.length === 0) return null;
  return (
    <section className="upload-list" aria-label="Uploads">
      <ul>
        {items.map((item) => {
          const percent = Math.round(item.progress * 100);
          return (
            <li key={item.key} className={`upload-item upload-${item.status}`}>
              <div className="upload-row">
                <span className="upload-name">{item.file.name}</span>
                <span className="upload-size">{formatBytes(item.file.size)}</span>
                <span className="upload-status">{item.status === 'uploading' ? `${percent}%` : STATUS_TEXT[item.status]}</span>
                {item.status === 'waiting' && (
                  <Button size="sm" variant="secondary" onClick={() => onRetry(item.key)}>
                    Retry
                  </Button>
                )}
                {item.status !== 'uploading' && (
                  <button type="button" className="icon-button" aria-label={`Dismiss ${item.file.name}`} onClick={() => onDismiss(item.key)}>
                    ×
                  </button>
                )}
              </div>
              {item.status !== 'failed' && <progress max={100} value={percent} aria-label={`Uploading ${item.file.name}`} />}
              {item.error && (
                <p className={item.status === 'failed' ? 'field-error' : 'field-hint'} role={item.status === 'failed' ? 'alert' : undefined}>
                  {item.error}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {items.some((i) => i.status === 'done') && (
        <Button size="sm" variant="ghost" onClick={onClearFinished}>
          Clear finished
        </Button>
      )}
    </section>
  );
}
