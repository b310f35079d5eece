/**
 * The version of the sync wire protocol (pull, push, stream and every replicated collection's
 * schema). Bump PROTOCOL_VERSION whenever schema-hash.test.ts reports a changed hash, add a line
 * below saying what changed, and store the new hash in PROTOCOL_SCHEMA_HASH. Raise
 * MIN_SUPPORTED_PROTOCOL_VERSION only when the server can no longer talk to older clients: they
 * then get HTTP 426 and an "update Quire" prompt instead of corrupted data.
 *
 * 1 — first version (not yet released, so its collections could still change without a bump):
 *     checkpoint pull, push with assumedMasterState, SSE change hints; collections
 *     `reading-lists`, `wishlist`, `messages`, `notifications`, `manuscripts`,
 *     `manuscript-chapters`, `manuscript-comments`, `library-progress`, `annotations`,
 *     `preferences`.
 */
export const PROTOCOL_VERSION = 1;
export const MIN_SUPPORTED_PROTOCOL_VERSION = 1;

/** SHA-256 of every wire and collection schema at PROTOCOL_VERSION (see schema-hash.test.ts). */
export const PROTOCOL_SCHEMA_HASH = '9ade1e097a171899834a88e6d4d2345f7cc736dd68c95c4ab5853181008c3a06';

/** Request header carrying the client's PROTOCOL_VERSION (query `protocol` for the stream). */
export const PROTOCOL_HEADER = 'x-quire-protocol';
export const PROTOCOL_QUERY = 'protocol';
