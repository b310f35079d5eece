/**
 * The HTTP side of replication: JSON posts to /api/sync with the protocol header and the
 * session cookie, failures classified so the engine knows whether to retry, ask the person to
 * sign in again, or to update Quire.
 */
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../sync/replication/protocol-version';

export interface SyncTransport {
  /** Origin of the server; '' in the browser (same origin). */
  baseUrl: string;
  fetch: typeof fetch;
  /** Extra headers (Node clients send Cookie and Origin; browsers send neither). */
  headers?: Record<string, string>;
}

export type SyncFailure = 'network' | 'signed-out' | 'outdated' | 'server';

export class SyncHttpError extends Error {
  constructor(
    readonly kind: SyncFailure,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SyncHttpError';
  }
}

export function failureOf(status: number): SyncFailure {
  if (status === 401) return 'signed-out';
  if (status === 426) return 'outdated';
  if (status === 0 || status === 502 || status === 503 || status === 504) return 'network';
  return 'server';
}

export function syncHeaders(transport: SyncTransport): Record<string, string> {
  return { [PROTOCOL_HEADER]: String(PROTOCOL_VERSION), ...transport.headers };
}

export async function postSync<T>(transport: SyncTransport, path: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await transport.fetch(`${transport.baseUrl}/api/sync/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...syncHeaders(transport) },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new SyncHttpError('network', 0, "Quire can't be reached.");
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new SyncHttpError(failureOf(res.status), res.status, `sync ${path}: ${res.status} ${text.slice(0, 200)}`);
  }
  return (await res.json()) as T;
}
