/**
 * Replication of every collection with /api/sync, started once per database (only in the leader
 * tab). Pull pages by checkpoint, push with assumed master states, and one change stream that
 * turns server hints into RESYNC for the collection concerned. A 401 or 426 pauses everything —
 * pending changes stay in the local database — until retry().
 */
import type { RxCollection, RxDatabase } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { Subject } from 'rxjs';
import type { CollectionDefinition } from '../../sync/replication/collection';
import type { Checkpoint } from '../../sync/replication/doc';
import type { PullResponse } from '../../sync/replication/pull';
import type { PushResponse } from '../../sync/replication/push';
import { STREAM_EVENT, type ChangeHint } from '../../sync/replication/stream';
import { openEventStream, type EventStream } from './event-stream';
import { PendingChanges } from './pending-changes';
import { postSync, SyncHttpError, type SyncFailure, type SyncTransport } from './sync-http';
import type { SyncStateStore } from './sync-state';

/** Documents per pull page and per push request. */
const PULL_BATCH_SIZE = 200;
const PUSH_BATCH_SIZE = 50;
/** RxDB retries a failed request after this long (sooner when the browser comes back online). */
const RETRY_MS = 5_000;
/** While signed out, try again this often: signing in (in any tab) resumes sync by itself. */
const SIGNED_OUT_PROBE_MS = 10_000;

export interface ReplicationController {
  states: Record<string, RxReplicationState<any, Checkpoint>>;
  /** The network is back (the browser's `online` event): reconnect and sync now. */
  reconnect(): void;
  /** Resolves when every local change is pushed and nothing is being pulled. */
  awaitInSync(): Promise<void>;
  cancel(): Promise<void>;
}

interface Options {
  db: RxDatabase;
  definitions: CollectionDefinition[];
  transport: SyncTransport;
  state: SyncStateStore;
  waitForLeadership: boolean;
  /** How long RxDB waits before retrying a failed request (tests shorten it). */
  retryMs?: number;
}

function withoutStorageFields(doc: Record<string, any>): any {
  const { _rev: _r, _meta: _m, _attachments: _a, ...rest } = doc;
  return rest;
}

export function startReplication({ db, definitions, transport, state, waitForLeadership, retryMs = RETRY_MS }: Options): ReplicationController {
  let fatal: 'signed-out' | 'outdated' | null = null;
  let stream: EventStream | null = null;
  let failure: { kind: SyncFailure; message: string } | null = null;
  const active = new Map<string, boolean>();
  const pending = new PendingChanges(() => publish());
  const refused = new Set<string>();
  const hints = new Map(definitions.map((d) => [d.name, new Subject<'RESYNC'>()]));

  function publish() {
    if (waitForLeadership && !db.isLeader()) return; // the leader tab speaks for all tabs
    const busy = [...active.values()].some(Boolean);
    const status = fatal ?? (failure?.kind === 'network' ? 'offline' : failure ? 'error' : busy || pending.count > 0 ? 'syncing' : 'synced');
    state.set({ status, pending: pending.count, pendingKeys: pending.keys, refused: refused.size, message: status === 'error' ? (failure?.message ?? null) : null });
  }

  function succeeded() {
    if (failure || fatal) {
      const wasHeld = fatal !== null;
      failure = null;
      fatal = null;
      publish();
      if (wasHeld) void openStream();
    }
  }

  // A 401 or 426 holds every request at this gate (RxDB simply sees a slow request) until
  // retry() opens it: nothing is lost, nothing is retried in a loop, and no retry timer delays
  // the moment the person signs in again.
  let gate: { promise: Promise<void>; open(): void } | null = null;
  let cancelled = false;
  /** Bumped by retry(): a 401 answering a request sent before it says nothing about the new session. */
  let epoch = 0;

  function hold(kind: 'signed-out' | 'outdated') {
    fatal = kind;
    if (!gate) {
      let open!: () => void;
      const promise = new Promise<void>((resolve) => (open = resolve));
      gate = { promise, open };
      if (kind === 'signed-out') {
        const probe = gate;
        const timer = setTimeout(() => {
          if (gate !== probe || cancelled) return;
          gate = null; // held requests try once more and the stream reconnects; a 401 holds again
          probe.open();
          void openStream(true);
        }, SIGNED_OUT_PROBE_MS);
        (timer as { unref?: () => void }).unref?.(); // never keeps a Node process alive
      }
    }
    stream?.close();
    stream = null;
    publish();
  }

  async function request<T>(send: () => Promise<T>): Promise<T> {
    for (;;) {
      if (gate) await gate.promise;
      if (cancelled) throw new Error('Replication was cancelled.');
      const sentIn = epoch;
      try {
        const result = await send();
        succeeded();
        return result;
      } catch (error) {
        const kind = error instanceof SyncHttpError ? error.kind : 'server';
        if (kind === 'signed-out' || kind === 'outdated') {
          if (sentIn === epoch) hold(kind);
          continue;
        }
        failure = { kind, message: kind === 'network' ? "You're offline." : 'Syncing failed. Your changes are safe on this device.' };
        publish();
        throw error;
      }
    }
  }

  const states: Record<string, RxReplicationState<any, Checkpoint>> = {};
  for (const definition of definitions) {
    const name = definition.name;
    const collection = db.collections[name] as RxCollection;
    const track = (data: { id: string }) => pending.written(`${name}:${data.id}`);
    collection.postInsert(track, false);
    collection.postSave(track, false);
    collection.postRemove(track, false);
    const replication = replicateRxCollection<any, Checkpoint>({
      replicationIdentifier: `quire-sync-${name}-${transport.baseUrl || 'same-origin'}`,
      collection,
      live: true,
      retryTime: retryMs,
      waitForLeadership,
      autoStart: true,
      pull: {
        batchSize: PULL_BATCH_SIZE,
        stream$: hints.get(name)!.asObservable(),
        handler: async (checkpoint, limit) => {
          const page = await request(() => postSync<PullResponse>(transport, `${name}/pull`, { checkpoint: checkpoint ?? null, limit }));
          return { documents: page.documents as any[], checkpoint: page.checkpoint ?? undefined };
        },
      },
      push: {
        batchSize: PUSH_BATCH_SIZE,
        handler: async (rows) => {
          const keys = rows.map((r) => `${name}:${r.newDocumentState.id}`);
          const versions = keys.map((k) => pending.versionOf(k));
          const body = { rows: rows.map((r) => ({ assumedMasterState: r.assumedMasterState ? withoutStorageFields(r.assumedMasterState) : null, newDocumentState: withoutStorageFields(r.newDocumentState) })) };
          const result = await request(() => postSync<PushResponse>(transport, `${name}/push`, body));
          for (const r of result.rejected) refused.add(`${name}:${r.id}`);
          keys.forEach((k, i) => pending.acknowledged(k, versions[i]!));
          publish();
          return result.conflicts as any[];
        },
      },
    });
    replication.active$.subscribe((isActive) => {
      active.set(name, isActive);
      publish();
    });
    states[name] = replication;
  }

  const resyncAll = () => hints.forEach((h) => h.next('RESYNC'));
  async function openStream(probing = false) {
    if (waitForLeadership) await db.waitForLeadership();
    if (stream || cancelled || (fatal && !probing)) return;
    stream = openEventStream(transport, {
      onOpen: () => succeeded(),
      onEvent(event, data) {
        if (event === STREAM_EVENT.resync) resyncAll();
        else if (event === STREAM_EVENT.change) hints.get((data as ChangeHint).collection)?.next('RESYNC');
      },
      onFatal: (kind) => hold(kind === 'outdated' ? 'outdated' : 'signed-out'),
      onDisconnect() {},
    });
  }

  state.onRetry(() => {
    epoch++;
    fatal = null;
    failure = null;
    const held = gate;
    gate = null;
    held?.open();
    publish();
    void openStream();
    resyncAll();
  });
  void openStream();
  publish();
  if (waitForLeadership) void db.waitForLeadership().then(() => publish());

  return {
    states,
    reconnect() {
      if (stream) stream.reconnectNow();
      else void openStream();
      resyncAll();
    },
    async awaitInSync() {
      await Promise.all(Object.values(states).map((s) => s.awaitInSync()));
    },
    async cancel() {
      cancelled = true;
      gate?.open();
      stream?.close();
      stream = null;
      state.onRetry(() => undefined);
      await Promise.all(Object.values(states).map((s) => s.cancel()));
    },
  };
}
