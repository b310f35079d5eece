/** Limits and timings of the collaboration server (ms unless the name says otherwise). */

/** Sockets one account may hold at once: a chapter per socket, a few tabs and devices. */
export const COLLAB_MAX_CONNECTIONS_PER_USER = 32;
/** Largest single WebSocket message; a pasted chapter with images-as-links fits easily. */
export const COLLAB_MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
/** Appended updates after which a document is compacted into its snapshot. */
export const COLLAB_COMPACT_AFTER_UPDATES = 500;
/** The server-side rendering waits for a pause in typing, but never longer than the max. */
export const COLLAB_RENDER_DEBOUNCE = 2_000;
export const COLLAB_RENDER_MAX_WAIT = 10_000;
/**
 * Each open socket's session is checked again this often: expiry is announced by nobody, and a
 * revocation published elsewhere (another instance, later) must not keep a socket open for long.
 */
export const COLLAB_SESSION_RECHECK_INTERVAL = 60_000;
/** A socket that does not answer a ping within this interval is dropped. */
export const COLLAB_PING_INTERVAL = 30_000;
/**
 * Presence (awareness): the client ids one socket may introduce (the editor uses one per
 * document; one spare covers a reloaded document), and the largest state, in bytes, one may
 * publish — a name, a colour and two cursor positions take a few hundred.
 */
export const COLLAB_MAX_PRESENCE_STATES_PER_CONNECTION = 2;
export const COLLAB_MAX_PRESENCE_STATE_BYTES = 4 * 1024;
