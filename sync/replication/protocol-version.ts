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
 * 4 — `manuscripts` gain an optional `archived` (issue 16; RxDB schema version 1). Older clients
 *     keep the field as they pulled it and may still push documents without it.
 * 5 — the stream's `topic` event (`{topic: 'support'}`: the staff support inbox changed; issue 14).
 *     Older clients ignore events they do not know.
 * 6 — `POST /api/sync/pull`: a page of each of several collections in one request (issue 11).
 *     Older clients keep pulling one collection per request, which the server still answers.
 */
export const PROTOCOL_VERSION = 6;
export const MIN_SUPPORTED_PROTOCOL_VERSION = 1;

/** SHA-256 of every wire and collection schema at PROTOCOL_VERSION (see schema-hash.test.ts). */
export const PROTOCOL_SCHEMA_HASH = 'edec44a7897a477de436a313c306c0c2cd20a675fb697f20d7c002ab31bea8c7';

/** Request header carrying the client's PROTOCOL_VERSION (query `protocol` for the stream). */
export const PROTOCOL_HEADER = 'x-quire-protocol';
export const PROTOCOL_QUERY = 'protocol';
