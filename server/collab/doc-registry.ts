/**
 * The documents held in memory. A document is loaded from SQLite (snapshot + update log) when the
 * first socket arrives, counted per socket, and when the last socket leaves it is compacted,
 * rendered and dropped from memory, so an idle server holds no document. A socket that arrives
 * while its document is unloading waits and gets a fresh load of what was just written. With a
 * relay (relay.ts) the document may be live on other instances too: this one joins its channel
 * before reading the database, numbers its appends in the database and compacts by merging.
 */
import * as Y from 'yjs';
import { COLLAB_COMPACT_AFTER_UPDATES } from './limits';
import type { CollabRelay, DocChannel } from './relay';
import type { RenderScheduler } from './render-scheduler';
import { SharedDoc, type SharedDocHooks } from './shared-doc';
import type { CollabStore } from './store';

interface Entry {
  doc: Promise<SharedDoc>;
  refs: number;
  /** Sequence of the last appended update, and how many were appended since the last compaction. */
  lastSeq: number;
  sinceCompaction: number;
  channel: DocChannel | null;
}

export interface RegistryOptions {
  compactAfter?: number;
  /** Automatic versions of the documents (server/manuscripts/versions/versioning.ts). */
  versions?: Required<Pick<SharedDocHooks, 'snapshotDue' | 'snapshot'>>;
  /** The other instances holding documents (REDIS_URL); absent, this instance is the only one. */
  relay?: CollabRelay | null;
  log(event: string, fields: Record<string, unknown>): void;
}

export class DocRegistry {
  private entries = new Map<string, Entry>();
  private unloading = new Map<string, Promise<void>>();
  private readonly compactAfter: number;

  constructor(
    private readonly store: CollabStore,
    private readonly renders: RenderScheduler,
    private readonly options: RegistryOptions,
  ) {
    this.compactAfter = options.compactAfter ?? COLLAB_COMPACT_AFTER_UPDATES;
    options.relay?.onResume(() => void this.catchUp());
  }

  /** Names of the documents in memory (loaded or loading). */
  loaded(): string[] {
    return [...this.entries.keys()];
  }

  /** Run `f` on the document, loading it if nobody has it open (and unloading it after). */
  async with<T>(name: string, f: (shared: SharedDoc) => Promise<T>): Promise<T> {
    const shared = await this.acquire(name);
    try {
      return await f(shared);
    } finally {
      this.release(name);
    }
  }

  async acquire(name: string): Promise<SharedDoc> {
    for (let pending = this.unloading.get(name); pending; pending = this.unloading.get(name)) await pending;
    let entry = this.entries.get(name);
    if (!entry) {
      const created: Entry = { refs: 0, lastSeq: 0, sinceCompaction: 0, channel: null, doc: Promise.resolve(null as never) };
      created.doc = this.load(name, created);
      this.entries.set(name, created);
      entry = created;
    }
    entry.refs += 1;
    try {
      return await entry.doc;
    } catch (error) {
      this.release(name);
      throw error;
    }
  }

  release(name: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    entry.refs -= 1;
    if (entry.refs > 0) return;
    this.entries.delete(name);
    const done = entry.doc
      .then((shared) => this.unload(shared, entry))
      .catch((error: unknown) => this.options.log('unload-failed', { doc: name, error: String(error) }))
      .finally(() => this.unloading.delete(name));
    this.unloading.set(name, done);
  }

  /** Resolves when no document is unloading (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.unloading.size > 0) await Promise.all(this.unloading.values());
  }

  /**
   * After the relay dropped messages: every live document takes what was stored meanwhile (every
   * instance stores before it publishes, so nothing else can be missing) and presence is asked again.
   */
  private async catchUp(): Promise<void> {
    for (const [name, entry] of this.entries) {
      try {
        const shared = await entry.doc;
        const stored = await this.store.load(name);
        const parts = stored.snapshot ? [stored.snapshot, ...stored.updates] : stored.updates;
        if (parts.length > 0) shared.applyRelayed(Y.mergeUpdates(parts));
        shared.republishPresence();
        entry.channel?.askPresence();
      } catch (error) {
        this.options.log('task-failed', { doc: name, error: String(error) });
      }
    }
  }

  private async load(name: string, entry: Entry): Promise<SharedDoc> {
    // Subscribed before reading: an update stored after the read is published after it, so it is heard.
    let loaded: SharedDoc | null = null;
    const heard: ((doc: SharedDoc) => void)[] = [];
    const deliver = (f: (doc: SharedDoc) => void) => (loaded ? f(loaded) : heard.push(f));
    const channel = this.options.relay
      ? await this.options.relay.join(name, {
          update: (update) => deliver((doc) => doc.applyRelayed(update)),
          awareness: (update) => deliver((doc) => doc.applyRelayedAwareness(update)),
          presenceWanted: () => deliver((doc) => doc.republishPresence()),
        })
      : null;
    entry.channel = channel;
    let stored;
    try {
      stored = await this.store.load(name);
    } catch (error) {
      await channel?.leave();
      throw error;
    }
    const doc = new Y.Doc();
    // One transaction: observers (none yet) and the update event fire once, not per row.
    doc.transact(() => {
      if (stored.snapshot) Y.applyUpdate(doc, stored.snapshot);
      for (const update of stored.updates) Y.applyUpdate(doc, update);
    });
    entry.lastSeq = stored.lastSeq;
    entry.sinceCompaction = stored.updates.length;
    const shared = new SharedDoc(name, doc, {
      persist: async (docName, update) => {
        entry.lastSeq += 1;
        entry.sinceCompaction += 1;
        if (channel) await this.store.appendNext(docName, update);
        else await this.store.append(docName, entry.lastSeq, update);
      },
      changed: async (current) => {
        this.renders.schedule(name, () => Y.encodeStateAsUpdate(current.doc));
        if (entry.sinceCompaction >= this.compactAfter) await this.compact(current, entry);
      },
      log: this.options.log,
      snapshotDue: this.options.versions?.snapshotDue,
      snapshot: this.options.versions?.snapshot,
      relay: channel ? { update: (u) => channel.publishUpdate(u), awareness: (u) => channel.publishAwareness(u) } : undefined,
    });
    loaded = shared;
    for (const f of heard.splice(0)) f(shared);
    channel?.askPresence();
    return shared;
  }

  // Runs inside the document's queue (or after it drained), so no append interleaves.
  private async compact(shared: SharedDoc, entry: Entry): Promise<void> {
    if (entry.sinceCompaction === 0) return;
    const state = Y.encodeStateAsUpdate(shared.doc);
    if (!entry.channel) await this.store.compact(shared.name, state, entry.lastSeq);
    else if (!(await this.store.compactMerged(shared.name, state))) return this.options.log('compaction-deferred', { doc: shared.name });
    entry.sinceCompaction = 0;
  }

  private async unload(shared: SharedDoc, entry: Entry): Promise<void> {
    await shared.idle();
    await this.compact(shared, entry);
    await this.renders.flush(shared.name);
    await entry.channel?.leave();
    shared.destroy();
    this.options.log('unloaded', { doc: shared.name });
  }
}
