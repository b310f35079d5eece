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
 * 2 — the `cart` collection (issue 12). Version-1 clients simply do not replicate it.
 * 3 — the `follows` collection (issue 12, authors). Older clients simply do not replicate it.
 */
export const PROTOCOL_VERSION = 3;
export const MIN_SUPPORTED_PROTOCOL_VERSION = 1;

/** SHA-256 of every wire and collection schema at PROTOCOL_VERSION (see schema-hash.test.ts). */
export const PROTOCOL_SCHEMA_HASH = 'f487c13c48c0ae2da30b10dc7ab8b1322f2c55af76f9fc52701eafac46a9bd4b';

/** Request header carrying the client's PROTOCOL_VERSION (query `protocol` for the stream). */
export const PROTOCOL_HEADER = 'x-quire-protocol';
export const PROTOCOL_QUERY = 'protocol';
