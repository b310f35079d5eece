/**
 * How live documents reach the other server instances when several share one database (issue 15).
 * Each instance holding a document joins its channel: every update it stores and every presence
 * change of its own sockets is published there, and what the others publish is applied to its copy
 * (broadcast to its sockets, never stored or published again). No instance owns a document.
 * Co-author changes travel too, so sockets on every instance follow them. Without REDIS_URL there
 * is no relay and a document lives on one instance only (server/redis/collab-relay.ts is the one
 * implementation; docs/decisions/050-collab-over-redis.md says why it is shaped so).
 */

export interface DocChannelHandlers {
  /** An update another instance stored. */
  update(update: Uint8Array): void;
  /** A y-protocols awareness update of another instance's sockets. */
  awareness(update: Uint8Array): void;
  /** Another instance just loaded the document and asks for everyone's presence. */
  presenceWanted(): void;
}

export interface DocChannel {
  publishUpdate(update: Uint8Array): void;
  publishAwareness(update: Uint8Array): void;
  askPresence(): void;
  leave(): Promise<void>;
}

/** A write that may change who may hold a socket: a manuscript's co-authors, or a deleted chapter. */
export type AccessChange = { kind: 'manuscript'; id: string } | { kind: 'chapter-deleted'; id: string };

export interface CollabRelay {
  /** Resolves once subscribed: whatever is published on the document after that reaches `handlers`. */
  join(docName: string, handlers: DocChannelHandlers): Promise<DocChannel>;
  publishAccessChange(change: AccessChange): void;
  /** Access changes made on the other instances (this one's own come from ctx.docEvents). */
  onAccessChange(listener: (change: AccessChange) => void): () => void;
  /** The link to the others came back after a drop: what they published meanwhile is lost to this instance. */
  onResume(listener: () => void): () => void;
  /** Stops listening; the connection itself is closed by its owner. */
  close(): void;
}
