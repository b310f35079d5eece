/**
 * One file of an upload: a labelled file input, the upload's progress, and the server's refusal
 * (a field error) next to it. The bytes go up raw with progress (src/lib/upload.ts).
 */
import { useId, useRef, useState } from 'react';
import type { Endpoint, ResponseOf } from '../../../sync/api/contract';
import { errorMessage, fieldErrorsOf } from '../../lib/api';
import { uploadWithProgress, type Upload } from '../../lib/upload';
import { useOnline } from '../../ui';

interface Props<E extends Endpoint> {
  label: string;
  hint: string;
  accept: string;
  endpoint: E;
  /** The query besides the file's name. */
  query: Record<string, string>;
  /** The endpoint path's parameters, if it has any. */
  params?: Record<string, string>;
  /** The server's field name for this file's errors. */
  field: string;
  disabled?: boolean;
  onDone: (answer: ResponseOf<E>, file: File) => void;
}

type State = { kind: 'idle' } | { kind: 'uploading'; name: string; progress: number } | { kind: 'failed'; message: string } | { kind: 'done'; name: string };

export function FileStep<E extends Endpoint>({ label, hint, accept, endpoint, query, params, field, disabled, onDone }: Props<E>) {
  const id = useId();
  const online = useOnline();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const upload = useRef<Upload<unknown> | null>(null);
  const uploading = state.kind === 'uploading';
  const percent = uploading ? Math.round(state.progress * 100) : 0;

  function send(file: File) {
    setState({ kind: 'uploading', name: file.name, progress: 0 });
    const sending = uploadWithProgress(
      endpoint,
      { ...query, name: file.name },
      file,
      (progress) => setState({ kind: 'uploading', name: file.name, progress }),
      params,
    );
    upload.current = sending;
    sending.done.then(
      (answer) => {
        setState({ kind: 'done', name: file.name });
        onDone(answer, file);
      },
      (error: unknown) => setState({ kind: 'failed', message: fieldErrorsOf(error)[field] ?? errorMessage(error) }),
    );
  }

  return (
    <div className={`field upload-file${state.kind === 'failed' ? ' field-invalid' : ''}`} aria-busy={uploading || undefined}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled || uploading || !online}
        aria-describedby={`${id}-hint${state.kind === 'failed' ? ` ${id}-error` : ''}`}
        aria-invalid={state.kind === 'failed' || undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) send(file);
        }}
      />
      <p className="field-hint" id={`${id}-hint`}>
        {online ? hint : 'Uploading needs a connection: try again when you are back online.'}
      </p>
      {uploading && (
        <div className="upload-progress">
          <progress max={100} value={percent} aria-label={`Uploading ${state.name}`} />
          <span>{percent < 100 ? `Uploading ${state.name}… ${percent}%` : `Checking ${state.name}…`}</span>
        </div>
      )}
      {state.kind === 'failed' && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
