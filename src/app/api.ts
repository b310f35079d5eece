/**
 * The one way the client calls /api: JSON in and out, errors as ApiRequestError carrying the
 * server's code, field messages, retry time and (for server failures) the digest.
 */
import type { ApiErrorBody, ErrorCode } from '../../sync/errors';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfter?: number,
    readonly digest?: string,
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  /** True when the request never reached the server (offline, DNS, connection refused). */
  get isNetwork(): boolean {
    return this.code === 'network';
  }
}

/** The message to show for a failed request; a generic one for anything that is not an API error. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : 'Something went wrong. Try again.';
}

/** Field messages of a failed request (422 and 409 carry them), keyed by field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiRequestError ? error.fields : {};
}

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  headers.set('accept', 'application/json');
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers, body, credentials: 'same-origin' });
  } catch {
    throw new ApiRequestError(0, 'network', "You're offline or Quire can't be reached. Try again when you're connected.");
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: an HTML page from a proxy, or the service worker's offline answer.
  }
  if (!res.ok) {
    const err = (data as ApiErrorBody | undefined)?.error;
    if (err) throw new ApiRequestError(res.status, err.code, err.message, err.fields, err.retryAfter, err.digest, err.reason);
    if (res.status === 503 || res.status === 504)
      throw new ApiRequestError(0, 'network', "Quire can't be reached right now. Try again in a moment.");
    throw new ApiRequestError(res.status, 'internal', `Request failed (${res.status}).`);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string) => apiFetch<T>(path),
  post: <T>(path: string, json?: unknown) => apiFetch<T>(path, { method: 'POST', json: json ?? {} }),
  put: <T>(path: string, json?: unknown) => apiFetch<T>(path, { method: 'PUT', json: json ?? {} }),
  patch: <T>(path: string, json?: unknown) => apiFetch<T>(path, { method: 'PATCH', json: json ?? {} }),
  delete: <T>(path: string, json?: unknown) => apiFetch<T>(path, { method: 'DELETE', json }),
};
