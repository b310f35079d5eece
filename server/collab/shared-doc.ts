/**
 * One loaded document and the sockets on it. Every incoming message goes through one queue per
 * document, so updates are persisted in the order they were applied, and each is broadcast only
 * after it is stored: nobody ever sees an edit the server could lose. Read-only roles (viewer,
 * commenter) keep presence (awareness) but their document updates are dropped here, whatever
 * their client does. Presence is per connection, for every role: a socket publishes only the
 * awareness client ids it introduced (a few), each state size-capped, so nobody can overwrite
 * someone else's cursor or flood the document with invented people. With a relay (relay.ts) what
 * is stored and this instance's presence go to the other instances, and theirs come back through
 * `applyRelayed*`: broadcast here, never stored or published again.
 */
import * as awarenessProtocol from 'y-protocols/awareness';
import * as Y from 'yjs';
import { CLOSE_CODES, type CollabRole } from '../../sync/collab/close-codes';
import { mayOnManuscript } from '../../sync/manuscripts/policy';
import { COLLAB_MAX_PRESENCE_STATE_BYTES, COLLAB_MAX_PRESENCE_STATES_PER_CONNECTION } from './limits';
import {
  decodeAwarenessEntries,
  decodeMessage,
  encodeAwareness,
  encodeAwarenessEntries,
  encodeSyncStep1,
  encodeSyncStep2,
  encodeUpdate,
  type AwarenessEntry,
} from './protocol';

const NULL_STATE = new TextEncoder().encode('null');
/** Transaction origin of what another instance sent: broadcast, never published back. */
const RELAYED = Symbol('relayed');

export interface CollabConnection {
  readonly userId: string;
  /** Changes while open when the owner re-roles the person (membership-watch.ts). */
  role: CollabRole;
  send(message: Uint8Array): void;
  close(code: number, reason: string): void;
}

export interface SharedDocHooks {
  /** Store an update durably; it is broadcast only once this resolves. */
  persist(docName: string, update: Uint8Array): Promise<void>;
  /** Called after a stored update was broadcast (rendering, compaction). */
  changed(shared: SharedDoc): Promise<void> | void;
  log(event: string, fields: Record<string, unknown>): void;
  /**
   * Version history (server/manuscripts/versions): asked before an editor's update is applied whether the
   * state before it should be kept — `firstEdit` on the connection's first accepted update, or
   * when the last version is an hour old. Absent: no automatic versions.
   */
  snapshotDue?(shared: SharedDoc, firstEdit: boolean): Promise<SnapshotReason | null>;
  /** Keep `before`, the state just before an accepted update of `userId`, as an automatic version. */
  snapshot?(shared: SharedDoc, before: Uint8Array, userId: string, reason: SnapshotReason): Promise<void>;
  /** The other instances (relay.ts): given each stored update, and this instance's presence changes. */
  relay?: { update(update: Uint8Array): void; awareness(update: Uint8Array): void };
}

export type SnapshotReason = 'session' | 'hourly';

export class SharedDoc {
  readonly awareness: awarenessProtocol.Awareness;
  /** Each connection with the awareness client ids it introduced (their states go when it leaves). */
  readonly conns = new Map<CollabConnection, Set<number>>();
  /** The connection that introduced each awareness client id. */
  private readonly presenceOwners = new Map<number, CollabConnection>();
  /** Connections that had an update accepted: the first one of each starts an editing session. */
  private readonly edited = new WeakSet<CollabConnection>();
  /** Awareness client ids whose state came from another instance: no local socket may claim them. */
  private readonly remotePresence = new Set<number>();
  /** What was applied here but could not be stored (so neither broadcast nor published): the next update carries it. */
  private unsaved: Uint8Array | null = null;
  private tail: Promise<void> = Promise.resolve();
  private destroyed = false;

  constructor(
    readonly name: string,
    readonly doc: Y.Doc,
    private readonly hooks: SharedDocHooks,
  ) {
    this.awareness = new awarenessProtocol.Awareness(doc);
    this.awareness.setLocalState(null); // the server itself is not present
    this.awareness.on('update', this.handleAwareness);
  }

  add(conn: CollabConnection): void {
    this.conns.set(conn, new Set());
    conn.send(encodeSyncStep1(this.doc));
    const states = [...this.awareness.getStates().keys()];
    if (states.length > 0) conn.send(encodeAwareness(this.awareness, states));
  }

  remove(conn: CollabConnection): void {
    const controlled = this.conns.get(conn);
    if (!controlled) return;
    this.conns.delete(conn);
    for (const id of controlled) this.presenceOwners.delete(id);
    awarenessProtocol.removeAwarenessStates(this.awareness, [...controlled], null);
  }

  /** Queue a message from `conn`; messages are handled strictly one after another. */
  receive(conn: CollabConnection, data: Uint8Array): void {
    void this.enqueue(() => this.handle(conn, data));
  }

  enqueue(task: () => Promise<void> | void): Promise<void> {
    return this.exclusive(task).catch(() => {});
  }

  /** Run `task` in the document's queue, after every message before it; its result or error reaches the caller. */
  exclusive<T>(task: () => Promise<T> | T): Promise<T> {
    const run = this.tail.then(task);
    this.tail = run.then(
      () => {},
      (error: unknown) => this.hooks.log('task-failed', { doc: this.name, error: String(error) }),
    );
    return run;
  }

  /**
   * Apply a change the server itself made (a restore), persisted and broadcast to every socket like
   * an editor's update. Call it inside `exclusive`; throws when the update could not be stored.
   */
  async applyServerUpdate(update: Uint8Array): Promise<void> {
    if ((await this.applyFrom(null, update)) === 'failed') throw new Error('could not store the update');
  }

  /** An update another instance stored: applied in the queue, broadcast to every socket here. */
  applyRelayed(update: Uint8Array): void {
    void this.enqueue(async () => {
      if (this.destroyed) return;
      const effective: Uint8Array[] = [];
      const collect = (u: Uint8Array) => effective.push(u);
      this.doc.on('update', collect);
      try {
        Y.applyUpdate(this.doc, update, RELAYED);
      } catch (error) {
        this.hooks.log('relay-malformed', { doc: this.name, error: String(error) });
        return;
      } finally {
        this.doc.off('update', collect);
      }
      if (effective.length === 0) return;
      const broadcast = encodeUpdate(effective.length === 1 ? effective[0]! : Y.mergeUpdates(effective));
      for (const conn of this.conns.keys()) conn.send(broadcast);
      await this.hooks.changed(this);
    });
  }

  /** Presence of another instance's sockets. */
  applyRelayedAwareness(update: Uint8Array): void {
    if (this.destroyed) return;
    try {
      // A client id a socket here introduced stays that socket's, whatever another instance says.
      const entries = decodeAwarenessEntries(update).filter((entry) => !this.presenceOwners.has(entry.clientID));
      for (const entry of entries) {
        if (isNullState(entry.state)) this.remotePresence.delete(entry.clientID);
        else this.remotePresence.add(entry.clientID);
      }
      if (entries.length > 0) awarenessProtocol.applyAwarenessUpdate(this.awareness, encodeAwarenessEntries(entries), RELAYED);
    } catch (error) {
      this.hooks.log('relay-malformed', { doc: this.name, error: String(error) });
    }
  }

  /** Publish the presence of this instance's sockets again (an instance that just loaded the document asked). */
  republishPresence(): void {
    const own = [...this.presenceOwners.keys()].filter((id) => this.awareness.getStates().has(id));
    if (own.length > 0 && !this.destroyed) this.hooks.relay?.awareness(awarenessProtocol.encodeAwarenessUpdate(this.awareness, own));
  }

  /** Resolves when every queued message has been handled. */
  idle(): Promise<void> {
    return this.tail;
  }

  private async handle(conn: CollabConnection, data: Uint8Array): Promise<void> {
    if (!this.conns.has(conn)) return; // closed while its messages were queued
    let message;
    try {
      message = decodeMessage(data);
    } catch {
      conn.close(CLOSE_CODES.malformedMessage, 'malformed message');
      return;
    }
    switch (message.type) {
      case 'sync-step-1':
        conn.send(encodeSyncStep2(this.doc, message.stateVector));
        return;
      case 'update':
        if (!mayOnManuscript(conn.role, 'edit-text')) {
          this.hooks.log('update-dropped', { doc: this.name, user: conn.userId, role: conn.role });
          return;
        }
        await this.applyFrom(conn, message.update);
        return;
      case 'awareness':
        try {
          const own = this.ownPresence(conn, decodeAwarenessEntries(message.update));
          if (own.length > 0) awarenessProtocol.applyAwarenessUpdate(this.awareness, encodeAwarenessEntries(own), conn);
        } catch {
          conn.close(CLOSE_CODES.malformedMessage, 'malformed awareness');
        }
        return;
      case 'query-awareness':
        conn.send(encodeAwareness(this.awareness, [...this.awareness.getStates().keys()]));
        return;
      case 'ignored':
        return;
    }
  }

  /** Apply, persist what actually changed, then broadcast it to everyone else. */
  private async applyFrom(origin: CollabConnection | null, update: Uint8Array): Promise<'applied' | 'unchanged' | 'failed'> {
    // The state before an editor's update is captured only when a version is due (encoding the
    // whole document on every keystroke would be waste); it is kept only if the update changed it.
    // Neither asking nor keeping may ever cost the edit itself: failures are logged and skipped.
    const reason =
      origin && this.hooks.snapshotDue
        ? await this.hooks.snapshotDue(this, !this.edited.has(origin)).catch((error: unknown) => {
            this.hooks.log('snapshot-failed', { doc: this.name, error: String(error) });
            return null;
          })
        : null;
    const before = reason ? Y.encodeStateAsUpdate(this.doc) : null;
    // Only what Yjs integrates is stored: duplicates produce no event, and an update waiting
    // for missing history is stored once it integrates (its event comes then).
    const effective: Uint8Array[] = [];
    const collect = (u: Uint8Array) => effective.push(u);
    this.doc.on('update', collect);
    try {
      Y.applyUpdate(this.doc, update, origin);
    } catch {
      origin?.close(CLOSE_CODES.malformedMessage, 'malformed update');
      return 'failed';
    } finally {
      this.doc.off('update', collect);
    }
    if (effective.length === 0 && !this.unsaved) return 'unchanged';
    if (origin && effective.length > 0) {
      this.edited.add(origin);
      if (before && reason) {
        await this.hooks
          .snapshot?.(this, before, origin.userId, reason)
          .catch((error: unknown) => this.hooks.log('snapshot-failed', { doc: this.name, error: String(error) }));
      }
    }
    const carried = this.unsaved;
    const parts = carried ? [carried, ...effective] : effective;
    const stored = parts.length === 1 ? parts[0]! : Y.mergeUpdates(parts);
    try {
      await this.hooks.persist(this.name, stored);
    } catch (error) {
      // The edit is in memory but not on disk: refuse to spread it. The editor reconnects and
      // resends its state, and that update, or any later one, carries it (the instances that
      // hear this document would otherwise wait for it forever: later edits build on it).
      this.unsaved = stored;
      this.hooks.log('persist-failed', { doc: this.name, error: String(error) });
      origin?.close(CLOSE_CODES.serverError, 'could not save');
      return 'failed';
    }
    this.unsaved = null;
    // Published only once stored: an instance loading the document reads it or hears it (relay.ts).
    this.hooks.relay?.update(stored);
    const broadcast = encodeUpdate(stored);
    // A carried edit reached nobody yet, the sender of this update included.
    for (const conn of this.conns.keys()) if (conn !== origin || carried) conn.send(broadcast);
    await this.hooks.changed(this);
    return 'applied';
  }

  /**
   * The entries `conn` may publish: its own client ids, and a new one only while it has fewer than
   * the cap, the id is nobody's, and the entry is a state that would apply (a newer clock; not a
   * removal). The rest is dropped without a word: stock clients echo everyone's presence back.
   */
  private ownPresence(conn: CollabConnection, entries: AwarenessEntry[]): AwarenessEntry[] {
    const owned = this.conns.get(conn);
    if (!owned) return [];
    const kept: AwarenessEntry[] = [];
    for (const entry of entries) {
      if (entry.state.byteLength > COLLAB_MAX_PRESENCE_STATE_BYTES) {
        this.hooks.log('presence-dropped', { doc: this.name, user: conn.userId, bytes: entry.state.byteLength });
        continue;
      }
      if (!owned.has(entry.clientID)) {
        const claimable =
          owned.size < COLLAB_MAX_PRESENCE_STATES_PER_CONNECTION &&
          entry.clientID !== this.awareness.clientID &&
          !this.presenceOwners.has(entry.clientID) &&
          !this.remotePresence.has(entry.clientID) &&
          !isNullState(entry.state) &&
          entry.clock > (this.awareness.meta.get(entry.clientID)?.clock ?? 0);
        if (!claimable) continue;
        owned.add(entry.clientID);
        this.presenceOwners.set(entry.clientID, conn);
      }
      kept.push(entry);
    }
    return kept;
  }

  private handleAwareness = ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
    const changed = [...added, ...updated, ...removed];
    const message = encodeAwareness(this.awareness, changed);
    for (const conn of this.conns.keys()) conn.send(message);
    // Each instance times out stale states itself; only its own sockets' changes travel.
    if (origin === 'timeout') for (const id of removed) this.remotePresence.delete(id);
    else if (origin !== RELAYED) this.hooks.relay?.awareness(awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed));
  };

  destroy(): void {
    this.destroyed = true;
    this.awareness.off('update', this.handleAwareness);
    this.awareness.destroy();
    this.doc.destroy();
  }
}

function isNullState(state: Uint8Array): boolean {
  return state.byteLength === NULL_STATE.byteLength && state.every((byte, i) => byte === NULL_STATE[i]);
}
