/**
 * The toolbar's "Image" button and its dialog: pick one of my images from /files (or upload one
 * from here), describe it, insert it at the caret. The insertion is an ordinary edit, so it syncs
 * to co-authors like typing does.
 */
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useId, useState } from 'react';
import type { FileItem } from '../../../sync/api/files';
import { ApiRequestError } from '../../lib/api';
import { Button, Dialog, EmptyState, QueryState, TextField, useOnline } from '../../ui';
import { formatBytes } from '../../../sync/text/bytes';
import { uploadFile, useAddUploaded, useFiles } from '../files';
import { INSERT_IMAGE_COMMAND } from './nodes/image-node';

function UploadHere({ onUploaded }: { onUploaded: (file: FileItem) => void }) {
  const addUploaded = useAddUploaded();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const online = useOnline();
  const id = useId();
  const upload = (file: File) => {
    setError(undefined);
    setProgress(0);
    uploadFile(file, setProgress).done.then(
      ({ file: uploaded, usedBytes }) => {
        setProgress(null);
        addUploaded(uploaded, usedBytes);
        if (uploaded.kind === 'image') onUploaded(uploaded);
        else setError('That file is not an image; it was added to your files.');
      },
      (e: unknown) => {
        setProgress(null);
        setError(e instanceof ApiRequestError ? (e.fields.file ?? e.message) : 'The upload failed.');
      },
    );
  };
  return (
    <div className="image-upload-here">
      <label htmlFor={id} className={`btn btn-secondary btn-sm${online ? '' : ' btn-disabled'}`}>
        Upload a new image
      </label>
      <input
        id={id}
        type="file"
        className="visually-hidden"
        accept="image/png,image/jpeg,image/gif,image/webp"
        disabled={!online || progress !== null}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload(file);
        }}
      />
      {!online && <span className="field-hint">Uploading needs a connection.</span>}
      {progress !== null && <progress max={100} value={Math.round(progress * 100)} aria-label="Uploading image" />}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function ImagePicker({ selected, onSelect, error }: { selected: FileItem | null; onSelect: (file: FileItem) => void; error?: string }) {
  const query = useFiles();
  return (
    <QueryState query={query} what="Your images" lines={3}>
      {(data) => {
        const images = data.files.filter((f) => f.kind === 'image');
        return (
          <fieldset className="image-picker" aria-describedby={error ? 'image-picker-error' : undefined}>
            <legend>My images</legend>
            {images.length === 0 ? (
              <EmptyState title="No images yet">
                <p>Upload one here, or manage all your files on the Files page.</p>
              </EmptyState>
            ) : (
              <div className="image-choices">
                {images.map((file) => (
                  <label key={file.id} className={`image-choice${selected?.id === file.id ? ' image-choice-selected' : ''}`}>
                    <input type="radio" name="chapter-image" className="visually-hidden" checked={selected?.id === file.id} onChange={() => onSelect(file)} />
                    <img src={file.url} alt="" loading="lazy" />
                    <span className="image-choice-name">{file.name}</span>
                    <span className="image-choice-size">{formatBytes(file.size)}</span>
                  </label>
                ))}
              </div>
            )}
            {error && (
              <p className="field-error" id="image-picker-error">
                {error}
              </p>
            )}
          </fieldset>
        );
      }}
    </QueryState>
  );
}

function ImageDialogBody({ onInsert, onCancel }: { onInsert: (src: string, alt: string) => void; onCancel: () => void }) {
  const [selected, setSelected] = useState<FileItem | null>(null);
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<{ image?: string; alt?: string }>({});
  const submit = () => {
    const next = { image: selected ? undefined : 'Choose an image.', alt: alt.trim() ? undefined : 'Describe the image for readers who cannot see it.' };
    setErrors(next);
    if (selected && !next.alt) onInsert(selected.url, alt.trim());
  };
  const choose = (file: FileItem) => {
    setSelected(file);
    setErrors((e) => ({ ...e, image: undefined }));
  };
  return (
    <form
      className="image-dialog"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <ImagePicker selected={selected} onSelect={choose} error={errors.image} />
      <UploadHere onUploaded={choose} />
      <TextField
        label="Alt text"
        hint="What the image shows, read aloud to readers who cannot see it."
        value={alt}
        maxLength={500}
        error={errors.alt}
        onChange={(event) => {
          setAlt(event.target.value);
          setErrors((e) => ({ ...e, alt: undefined }));
        }}
      />
      <div className="dialog-actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Insert image</Button>
      </div>
    </form>
  );
}

export function ImageToolButton() {
  const [editor] = useLexicalComposerContext();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="ed-tool" aria-label="Image" title="Insert image" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Image
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Insert an image">
        <ImageDialogBody
          onCancel={() => setOpen(false)}
          onInsert={(src, alt) => {
            setOpen(false);
            editor.focus();
            editor.dispatchCommand(INSERT_IMAGE_COMMAND, { src, alt });
          }}
        />
      </Dialog>
    </>
  );
}
