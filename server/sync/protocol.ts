/**
 * Refuse clients that speak an older sync protocol than the server supports: HTTP 426 with code
 * `upgrade_required`, which the client shows as "update Quire" — never a guess at an old format.
 * The stream cannot carry headers from EventSource, so it may send the version as a query.
 */
import type { Context, Next } from 'hono';
import { MIN_SUPPORTED_PROTOCOL_VERSION, PROTOCOL_HEADER, PROTOCOL_QUERY } from '../../sync/replication/protocol-version';
import { ApiError } from '../http/errors';

function clientProtocol(c: Context): number | null {
  const raw = c.req.header(PROTOCOL_HEADER) ?? c.req.query(PROTOCOL_QUERY);
  if (!raw || !/^\d{1,6}$/.test(raw)) return null;
  return Number(raw);
}

export async function requireProtocol(c: Context, next: Next) {
  const version = clientProtocol(c);
  if (version === null || version < MIN_SUPPORTED_PROTOCOL_VERSION) {
    throw new ApiError(426, 'upgrade_required', 'This version of Quire is out of date. Update Quire to keep syncing.');
  }
  await next();
}
