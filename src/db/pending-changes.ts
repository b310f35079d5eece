/**
 * Counts local writes the server has not acknowledged yet. Collection hooks fire only for writes
 * made through the RxDB document API — the app's own writes, never replication's — so each
 * hook bumps a per-document version; a push acknowledges the versions it carried, and a write
 * made while that push was in flight stays pending until the next one.
 *
 * RxDB pushes nothing for a document whose local state equals what it takes the server to have
 * (a field saved twice, an edit undone before it was pushed), so no push would ever acknowledge
 * such a write. Each waiting document therefore keeps that server state — its state before the
 * first write that set it waiting, then whatever a push or a pull said — and stops waiting once
 * no push carries it and the local state equals it.
 */
import { sameDocument } from '../../sync/replication/collection';

type State = Record<string, unknown>;

interface Waiting {
  version: number;
  local: State;
  /** What replication takes the server to have; null: nothing (a new document). */
  server: State | null;
  pushing: number;
}

export class PendingChanges {
  private waiting = new Map<string, Waiting>();

  constructor(private readonly onChange: (count: number) => void) {}

  /** A local write of `after`; `before` is the document's state just before it (null: inserted). */
  written(key: string, before: State | null, after: State) {
    const entry = this.waiting.get(key) ?? { version: 0, local: after, server: before, pushing: 0 };
    entry.version += 1;
    entry.local = after;
    this.waiting.set(key, entry);
    this.settle(key, entry);
    this.onChange(this.waiting.size);
  }

  /** A push is about to carry this document: the version it carries. */
  pushing(key: string): number {
    const entry = this.waiting.get(key);
    if (!entry) return 0;
    entry.pushing += 1;
    return entry.version;
  }

  /** The push carrying `version` is over; `server` is what the server now has (null: it failed). */
  pushed(key: string, version: number, server: State | null) {
    const entry = this.waiting.get(key);
    if (!entry) return;
    entry.pushing = Math.max(0, entry.pushing - 1);
    if (server) entry.server = server;
    if (server && entry.version === version) this.waiting.delete(key);
    else this.settle(key, entry);
    this.onChange(this.waiting.size);
  }

  /** A pull brought the server's state of a document. */
  pulled(key: string, server: State) {
    const entry = this.waiting.get(key);
    if (!entry) return;
    entry.server = server;
    this.settle(key, entry);
    this.onChange(this.waiting.size);
  }

  private settle(key: string, entry: Waiting) {
    if (entry.pushing === 0 && entry.server && sameDocument(entry.local, entry.server)) this.waiting.delete(key);
  }

  private keyList: readonly string[] = [];

  /** The same array until the set changes, so the sync state store sees no change otherwise. */
  get keys(): readonly string[] {
    if (this.keyList.length !== this.waiting.size || this.keyList.some((k) => !this.waiting.has(k))) this.keyList = [...this.waiting.keys()];
    return this.keyList;
  }

  get count(): number {
    return this.waiting.size;
  }
}
