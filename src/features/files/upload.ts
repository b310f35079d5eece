/**
 * One file upload with progress. XMLHttpRequest rather than fetch because only XHR reports upload
 * progress in browsers; the file is the raw body (see server/files/routes.ts) and errors come back
 * as ApiRequestError with the server's code and field message, like every other API call.
 */
import { fillPath, toSearch } from '../../../sync/api/contract';
import { uploadFile as uploadEndpoint, type FileUploadResponse } from '../../../sync/api/files';
import { answerOf, ApiRequestError, refusal } from '../../lib/api';

export interface UploadHandle {
  done: Promise<FileUploadResponse>;
  abort(): void;
}

export function uploadFile(file: File, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<FileUploadResponse>((resolve, reject) => {
    xhr.open(uploadEndpoint.method, fillPath(uploadEndpoint.path, undefined) + toSearch({ name: file.name }));
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
      try {
        if (xhr.status !== 201) throw refusal(xhr.status, body);
        const answer = answerOf(uploadEndpoint, body);
        onProgress(1);
        resolve(answer);
      } catch (error) {
        reject(error as ApiRequestError);
      }
    };
    xhr.onerror = () => reject(new ApiRequestError(0, 'network', "The connection dropped. Your file is still here: retry when you're online."));
    xhr.onabort = () => reject(new ApiRequestError(0, 'network', 'Upload cancelled.'));
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}
