/**
 * Uploading a manuscript file with progress. fetch() has no upload progress, so this one request
 * uses XMLHttpRequest; its answers are read into the same ApiRequestError as src/app/api.ts.
 * Also the checks the page can make before sending a byte (size, kind of file).
 */
import type { ApiErrorBody } from '../../../sync/errors';
import { MANUSCRIPT_IMPORT_EXTENSIONS, MANUSCRIPT_IMPORT_MAX_BYTES, type ManuscriptImportResponse } from '../../../sync/api/manuscripts';
import { ApiRequestError } from '../../lib/api';

/** Why a chosen file cannot be imported, or null when it may be uploaded. */
export function checkImportFile(file: Pick<File, 'name' | 'size'>): string | null {
  const name = file.name.toLowerCase();
  if (!MANUSCRIPT_IMPORT_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'Choose a Word (.docx), Markdown (.md) or EPUB (.epub) file.';
  if (file.size === 0) return 'The file is empty.';
  if (file.size > MANUSCRIPT_IMPORT_MAX_BYTES)
    return `The file is too large: a manuscript import may be at most ${MANUSCRIPT_IMPORT_MAX_BYTES / 1024 / 1024} MB.`;
  return null;
}

export function uploadManuscript(file: File, onProgress: (fraction: number) => void): Promise<ManuscriptImportResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/manuscripts/import?name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiRequestError(0, 'network', "You're offline or Quire can't be reached. Try again when you're connected."));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        // Not JSON: a proxy's page or the service worker's offline answer.
      }
      if (xhr.status === 201) return resolve(data as ManuscriptImportResponse);
      const err = (data as ApiErrorBody | undefined)?.error;
      if (err) return reject(new ApiRequestError(xhr.status, err.code, err.fields?.file ?? err.message, err.fields, err.retryAfter, err.digest, err.reason));
      if (xhr.status === 413) return reject(new ApiRequestError(413, 'payload_too_large', 'The file is too large to import.'));
      reject(
        new ApiRequestError(
          xhr.status,
          xhr.status >= 500 || xhr.status === 0 ? 'network' : 'internal',
          `The import failed (${xhr.status}). Try again in a moment.`,
        ),
      );
    };
    xhr.send(file);
  });
}
