/** Limits of the sync protocol, shared by client and server. */
export const MAX_DOC_ID_LENGTH = 64;
/** Largest pull page the server will send, whatever the client asks for. */
export const MAX_PULL_LIMIT = 500;
/** Largest push batch accepted in one request. */
export const MAX_PUSH_ROWS = 200;
/** Collection names travel in URLs: lowercase words joined by dashes. */
export const COLLECTION_NAME_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
/** Collections in one batched pull: more than Quire has, so a client never needs two requests. */
export const MAX_BATCH_PULLS = 32;
