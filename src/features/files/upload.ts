/**
 * One file upload with progress. XMLHttpRequest rather than fetch because only XHR reports upload
 * progress in browsers; the file is the raw body (see server/files/routes.ts) and errors come back
 * as ApiRequestError with the server's code and field message, like every other API call.
 */
import type { ApiErrorBody } from '../../../sync/errors';
import type { FileUploadResponse } from '../../../sync/api/files';
import { ApiRequestError } from '../../lib/api';

export interface UploadHandle {
  done: Promise<FileUploadResponse>;
  abort(): void;
}

export function uploadFile(file: File, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<FileUploadResponse>((resolve, reject) => {
    xhr.open('POST', `/api/files?name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status === 201) {
        onProgress(1);
        resolve(body as FileUploadResponse);
        return;
      }
      const err = (body as ApiErrorBody | undefined)?.error;
      if (err) reject(new ApiRequestError(xhr.status, err.code, err.message, err.fields, err.retryAfter, err.digest, err.reason));
      else if (xhr.status === 0 || xhr.status >= 502)
        reject(new ApiRequestError(0, 'network', "Quire can't be reached right now. Your file is still here: try again in a moment."));
      else reject(new ApiRequestError(xhr.status, 'internal', `Upload failed (${xhr.status}).`));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, 'network', "The connection dropped. Your file is still here: retry when you're online."));
    xhr.onabort = () => reject(new ApiRequestError(0, 'network', 'Upload cancelled.'));
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}
