/**
 * Replication of every collection with /api/sync, started once per database (only in the leader
 * tab): the RxDB wiring of the state machine in replication-machine.ts. Pull pages by checkpoint,
 * push with assumed master states, and one change stream that turns server hints into RESYNC for
 * the collection concerned (and topic hints into server-topics.ts for the pages that show them). A failed request waits at the machine's gate — backing off, or until
 * retry() after a 401 or 426 — so pending changes stay in the local database.
 */
import type { RxCollection, RxDatabase, WithDeleted } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { Subject } from 'rxjs';
import type { CollectionDefinition } from '../../sync/replication/collection';
import type { Checkpoint, WireDoc } from '../../sync/replication/doc';
import type { BatchPullResponse, PullResponse } from '../../sync/replication/pull';
import type { PushResponse } from '../../sync/replication/push';
import type { ChangeHint, StreamTopic } from '../../sync/replication/stream';
import { STREAM_EVENT } from '../../sync/replication/stream-events';
import { openEventStream, type EventStream } from './event-stream';
import { PendingChanges } from './pending-changes';
import { PullBatcher } from './pull-batch';
import { badgeStatus, FAILURE_MESSAGE, initialState, RETRY_MS, transition, type Effect, type MachineEvent } from './replication-machine';
import { serverTopics as appServerTopics, type ServerTopics } from './server-topics';
import { postSync, SyncHttpError, type SyncTransport } from './sync-http';
import type { SyncStateStore } from './sync-state';

/** Documents per pull page and per push request. */
const PULL_BATCH_SIZE = 200;
const PUSH_BATCH_SIZE = 50;
/** A page that crossed a push of one of its documents is asked for again, this many times at most. */
const MAX_PULL_ATTEMPTS = 5;

export interface ReplicationController {
  states: Record<string, RxReplicationState<WireDoc, Checkpoint>>;
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
  /** Where the stream's topic events go (the app's one set unless a test gives its own). */
  topics?: ServerTopics;
  waitForLeadership: boolean;
  /** The first back-off delay after a failed request (tests shorten it). */
  retryMs?: number;
}

/** The wire document: RxDB's own bookkeeping fields stay on this device. */
function withoutStorageFields(doc: WithDeleted<WireDoc>): WireDoc {
  const { _rev: _r, _meta: _m, _attachments: _a, ...rest } = doc as WithDeleted<WireDoc> & { _rev?: unknown; _meta?: unknown; _attachments?: unknown };
  return rest;
}

export function startReplication({
  db,
  definitions,
  transport,
  state,
  topics = appServerTopics,
  waitForLeadership,
  retryMs = RETRY_MS,
}: Options): ReplicationController {
  let machine = initialState;
  let stream: EventStream | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let gate: { promise: Promise<void>; open(): void } | null = null;
  const active = new Map<string, boolean>();
  const pending = new PendingChanges(() => publish());
  const refused = new Set<string>();
  const hints = new Map(definitions.map((d) => [d.name, new Subject<'RESYNC'>()]));
  // Every collection's first page comes in one request, and so do the pages after a resync of all.
  const pulls = new PullBatcher((body) => postSync<BatchPullResponse>(transport, 'pull', body));
  pulls.expect(hints.keys());

  function publish() {
    const status = badgeStatus(machine, pending.count);
    if (!status) return; // before leadership the leader tab speaks for all tabs
    state.set({ status, pending: pending.count, pendingKeys: pending.keys, refused: refused.size, message: status === 'error' ? FAILURE_MESSAGE : null });
  }

  function dispatch(event: MachineEvent) {
    const next = transition(machine, event, retryMs);
    machine = next.state;
    if (machine.holding && !gate) {
      let open!: () => void;
      const promise = new Promise<void>((resolve) => (open = resolve));
      gate = { promise, open };
    }
    next.effects.forEach(perform);
    publish();
  }

  function perform(effect: Effect) {
    switch (effect.type) {
      case 'open-stream':
        openStream();
        break;
      case 'close-stream':
        stream?.close();
        stream = null;
        break;
      case 'reconnect-stream':
        if (stream) stream.reconnectNow();
        else openStream();
        break;
      case 'resync':
        if (effect.collection === null) {
          pulls.expect(hints.keys());
          hints.forEach((h) => h.next('RESYNC'));
        } else hints.get(effect.collection)?.next('RESYNC');
        break;
      case 'release': {
        const held = gate;
        gate = null;
        held?.open();
        break;
      }
      case 'schedule':
        clearTimeout(timer);
        timer = setTimeout(() => dispatch({ type: 'timer' }), effect.ms);
        (timer as { unref?: () => void }).unref?.(); // never keeps a Node process alive
        break;
      case 'cancel-timer':
        clearTimeout(timer);
        break;
    }
  }

  async function request<T>(send: () => Promise<T>): Promise<T> {
    for (;;) {
      if (gate) await gate.promise;
      if (machine.phase === 'stopped') throw new Error('Replication was cancelled.');
      const sentIn = machine.epoch;
      try {
        const result = await send();
        dispatch({ type: 'succeeded' });
        return result;
      } catch (error) {
        dispatch({ type: 'failed', kind: error instanceof SyncHttpError ? error.kind : 'server', sentIn });
      }
    }
  }

  function openStream() {
    if (stream || machine.phase === 'stopped') return;
    stream = openEventStream(transport, {
      onOpen: () => dispatch({ type: 'succeeded' }),
      onEvent(event, data) {
        if (event === STREAM_EVENT.resync) {
          dispatch({ type: 'hint', collection: null });
          topics.emit(null); // whatever a page shows from the server may have changed meanwhile
        } else if (event === STREAM_EVENT.change) dispatch({ type: 'hint', collection: (data as ChangeHint).collection });
        else if (event === STREAM_EVENT.topic) topics.emit((data as { topic: StreamTopic }).topic);
      },
      onFatal: (kind) => dispatch({ type: 'stream-fatal', kind: kind === 'outdated' ? 'outdated' : 'signed-out' }),
      onDisconnect() {},
    });
  }

  const states: Record<string, RxReplicationState<WireDoc, Checkpoint>> = {};
  for (const definition of definitions) {
    const name = definition.name;
    const collection = db.collections[name] as RxCollection<WireDoc>;
    const keyOf = (data: { id: string }) => `${name}:${data.id}`;
    // Pushes on their way, and for each pull on its way the ids of the documents pushed meanwhile.
    const pushes = new Set<{ ids: string[]; done: Promise<void> }>();
    const pullsUnderway = new Set<Set<string>>();
    // A save's pre-hook sees the state before it (RxDB passes the old data as its second argument).
    const before = new Map<string, WireDoc>();
    collection.preSave((data, old) => void before.set(keyOf(data), old as unknown as WireDoc), false);
    collection.postInsert((data) => pending.written(keyOf(data), null, data), false);
    collection.postSave((data) => {
      const key = keyOf(data);
      pending.written(key, before.get(key) ?? null, data);
      before.delete(key);
    }, false);
    collection.postRemove((data) => pending.written(keyOf(data), data, { ...data, _deleted: true }), false);
    const replication = replicateRxCollection<WireDoc, Checkpoint>({
      replicationIdentifier: `quire-sync-${name}-${transport.baseUrl || 'same-origin'}`,
      collection,
      live: true,
      retryTime: retryMs, // RxDB's own retry only sees errors the gate does not catch (a bad response)
      waitForLeadership,
      autoStart: true,
      pull: {
        batchSize: PULL_BATCH_SIZE,
        stream$: hints.get(name)!.asObservable(),
        handler: async (checkpoint, limit) => {
          for (let attempt = 1; ; attempt++) {
            // The documents a push carried while this page was on its way (or already carries).
            const overlapping = new Set([...pushes].flatMap((p) => p.ids));
            pullsUnderway.add(overlapping);
            let page: PullResponse;
            try {
              page = await request(() => pulls.pull(name, checkpoint ?? null, limit));
            } finally {
              pullsUnderway.delete(overlapping);
            }
            // The server may have read such a document before the push landed. RxDB would apply
            // that older state once the push is acknowledged (the device's copy then equals what
            // it takes the server to have), undoing the pushed edit on this device: ask again
            // once those pushes are over, so the page is read after them.
            if (attempt < MAX_PULL_ATTEMPTS && page.documents.some((doc) => overlapping.has(doc.id))) {
              await Promise.all([...pushes].map((p) => p.done));
              continue;
            }
            for (const doc of page.documents) pending.pulled(keyOf(doc), doc);
            return { documents: page.documents, checkpoint: page.checkpoint ?? undefined };
          }
        },
      },
      push: {
        batchSize: PUSH_BATCH_SIZE,
        handler: async (rows) => {
          const body = {
            rows: rows.map((r) => ({
              assumedMasterState: r.assumedMasterState ? withoutStorageFields(r.assumedMasterState) : null,
              newDocumentState: withoutStorageFields(r.newDocumentState),
            })),
          };
          const carried = body.rows.map((r) => ({
            key: keyOf(r.newDocumentState),
            version: pending.pushing(keyOf(r.newDocumentState)),
            sent: r.newDocumentState,
          }));
          const ids = body.rows.map((r) => r.newDocumentState.id);
          for (const overlapping of pullsUnderway) ids.forEach((id) => overlapping.add(id));
          let over!: () => void;
          const push = { ids, done: new Promise<void>((resolve) => (over = resolve)) };
          pushes.add(push);
          let result: PushResponse;
          try {
            result = await request(() => postSync<PushResponse>(transport, `${name}/push`, body));
          } catch (error) {
            for (const c of carried) pending.pushed(c.key, c.version, null);
            throw error;
          } finally {
            pushes.delete(push);
            over();
          }
          for (const r of result.rejected) refused.add(`${name}:${r.id}`);
          // RxDB takes the server to have what it sent, or the master state of a conflict.
          const masters = new Map(result.conflicts.map((doc) => [doc.id, doc]));
          for (const c of carried) pending.pushed(c.key, c.version, masters.get(c.sent.id) ?? c.sent);
          publish();
          return result.conflicts;
        },
      },
    });
    replication.active$.subscribe((isActive) => {
      active.set(name, isActive);
      dispatch({ type: 'activity', busy: [...active.values()].some(Boolean) });
    });
    states[name] = replication;
  }

  state.onRetry(() => dispatch({ type: 'retry' }));
  if (waitForLeadership) void db.waitForLeadership().then(() => dispatch({ type: 'start' }));
  else dispatch({ type: 'start' });

  return {
    states,
    reconnect: () => dispatch({ type: 'online' }),
    async awaitInSync() {
      await Promise.all(Object.values(states).map((s) => s.awaitInSync()));
    },
    async cancel() {
      dispatch({ type: 'stop' });
      state.onRetry(() => undefined);
      await Promise.all(Object.values(states).map((s) => s.cancel()));
    },
  };
}
