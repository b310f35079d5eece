/**
 * Sending one file as the raw body of a typed endpoint with upload progress. XMLHttpRequest rather
 * than fetch because only XHR reports upload progress in browsers; the answer is parsed with the
 * endpoint's schema and refusals become the same ApiRequestError that `call()` throws.
 */
import { fillPath, toSearch, type Endpoint, type ResponseOf } from '../../sync/api/contract';
import { answerOf, ApiRequestError, refusal } from './api';

export interface Upload<T> {
  done: Promise<T>;
  abort(): void;
}

export function uploadWithProgress<E extends Endpoint>(
  endpoint: E,
  query: Record<string, string>,
  file: Blob,
  onProgress: (fraction: number) => void,
  /** The path's parameters, for an endpoint like /api/…/books/:bookId/epub. */
  params?: Record<string, string>,
): Upload<ResponseOf<E>> {
  const xhr = new XMLHttpRequest();
  const done = new Promise<ResponseOf<E>>((resolve, reject) => {
    xhr.open(endpoint.method, fillPath(endpoint.path, params) + toSearch(query));
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
        // Not JSON: a proxy's page or the service worker's offline answer.
      }
      try {
        if (xhr.status !== (endpoint.status ?? 200)) throw refusal(xhr.status, body);
        const answer = answerOf(endpoint, body);
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
