/**
 * The one way the client calls /api: JSON in and out, errors as ApiRequestError carrying the
 * server's code, field messages, retry time and (for server failures) the digest.
 */
import { safeParse } from 'zod/mini';
import { fillPath, toSearch, type CallArgs, type Endpoint, type ResponseOf } from '../../sync/api/contract';
import type { ApiErrorBody, ErrorCode } from '../../sync/errors';
import { noteFetched } from './reachability';

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

async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
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
    noteFetched(res);
  } catch (error) {
    if (init.signal?.aborted) throw error; // cancelled by the caller, not a network failure
    noteFetched(null);
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
  if (!res.ok) throw refusal(res.status, data);
  return data as T;
}

/**
 * Call an endpoint of the typed API (sync/api/contract.ts): the URL is built from its path and
 * params, and the answer is parsed with its response schema, so a server that drifted from the
 * contract fails here, loudly, rather than deep in a component.
 */
export async function call<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<ResponseOf<E>> {
  const url = fillPath(endpoint.path, input?.params) + toSearch(input?.query as Record<string, unknown> | undefined);
  const init: RequestInit & { json?: unknown } = { method: endpoint.method, signal: input?.signal };
  if (endpoint.method !== 'GET') init.json = input?.body ?? {};
  return answerOf(endpoint, await apiFetch<unknown>(url, init));
}

/** An endpoint's answer parsed with its response schema (also for answers read by XHR uploads). */
export function answerOf<E extends Endpoint>(endpoint: E, data: unknown): ResponseOf<E> {
  const parsed = safeParse(endpoint.response, data);
  if (!parsed.success) {
    console.error(`${endpoint.method} ${endpoint.path}: the answer does not match the contract`, parsed.error.issues);
    throw new ApiRequestError(0, 'internal', 'Quire sent an answer this version does not understand. Reload the page to update.');
  }
  return parsed.data as ResponseOf<E>;
}

/** The error a refused request's answer describes (for XHR uploads, which do not go through `call`). */
export function refusal(status: number, data: unknown): ApiRequestError {
  const err = (data as ApiErrorBody | undefined)?.error;
  if (err) return new ApiRequestError(status, err.code, err.message, err.fields, err.retryAfter, err.digest, err.reason);
  if (status === 0 || status >= 502) return new ApiRequestError(0, 'network', "Quire can't be reached right now. Try again in a moment.");
  return new ApiRequestError(status, 'internal', `Request failed (${status}).`);
}
