/**
 * The stream's event names and heartbeat (GET /api/sync/stream; its messages' schemas are in
 * ./stream.ts). Apart from the schemas, so the browser's sync code takes these without building any.
 */

/** SSE `event:` names. */
export const STREAM_EVENT = { change: 'change', topic: 'topic', resync: 'resync', heartbeat: 'heartbeat' } as const;

/** The server sends a heartbeat this often so proxies keep the connection and clients notice a dead one. */
export const HEARTBEAT_INTERVAL_MS = 15_000;
