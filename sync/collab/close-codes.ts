/**
 * The collaboration socket's contract: how a chapter's Yjs document is named on `/collab/{docName}`
 * and the WebSocket close codes a refused or ended socket carries, so the editor can tell
 * "sign in again" from "you no longer have access" from "try again later". 4000–4999 is the
 * range RFC 6455 leaves to applications; the last three digits echo the HTTP status they mean.
 */
export const COLLAB_PATH_PREFIX = '/collab/';

export const CLOSE_CODES = {
  /** The path is not a known document name (`chapter:{id}`). */
  badDocumentName: 4400,
  /** No valid session cookie, or the socket's session ended (signed out, suspended, expired…). */
  unauthenticated: 4401,
  /** The account's roles changed, so its session token rotates: reconnect to be admitted afresh. */
  sessionChanged: 4409,
  /** Signed in, but not a co-author (or admin) of the document's manuscript. */
  forbidden: 4403,
  /** The chapter does not exist (or was deleted). */
  unknownDocument: 4404,
  /** A message that is not the y-websocket protocol, or an update Yjs cannot read. */
  malformedMessage: 4422,
  /** The account already has the maximum number of collaboration sockets open. */
  tooManyConnections: 4429,
  /** The server could not persist an update; reconnecting resynchronises. */
  serverError: 4500,
  /** The server is shutting down; reconnect later. */
  goingAway: 1001,
} as const;

/** Close codes after which reconnecting cannot help until the user does something. */
export const FATAL_CLOSE_CODES: readonly number[] = [
  CLOSE_CODES.badDocumentName,
  CLOSE_CODES.unauthenticated,
  CLOSE_CODES.forbidden,
  CLOSE_CODES.unknownDocument,
];

/** Co-author roles on a manuscript; only owners and editors change text. */
export const COLLAB_ROLES = ['owner', 'editor', 'commenter', 'viewer'] as const;
export type CollabRole = (typeof COLLAB_ROLES)[number];

export type DocName = { kind: 'chapter'; id: string; name: string };

// Ids are the server's random text ids; the bound keeps a path from carrying arbitrary data.
const CHAPTER_DOC = /^chapter:([A-Za-z0-9_-]{1,64})$/;

/** `chapter:{id}` → its parts, or null for anything else. */
export function parseDocName(name: string): DocName | null {
  const match = CHAPTER_DOC.exec(name);
  return match ? { kind: 'chapter', id: match[1]!, name } : null;
}

export function chapterDocName(chapterId: string): string {
  return `chapter:${chapterId}`;
}
