/**
 * The one place that creates collaboration connections: for each chapter document a
 * `WebsocketProvider` to Quire's `/collab/{docName}` and an `IndexeddbPersistence` underneath, so
 * a chapter opened once stays readable and editable offline and its offline edits merge when the
 * socket returns. Lexical's CollaborationPlugin calls the factory; the editor's badge and
 * presence read the state kept here. An edit made while not synced marks the chapter
 * (unsynced-chapters.ts) until the background upload has the server acknowledge it, which works
 * for chapters no longer open too (uploadChapter below, driven by background-sync.ts).
 */
import type { Provider } from '@lexical/yjs';
import { IndexeddbPersistence } from 'y-indexeddb';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { CLOSE_CODES, FATAL_CLOSE_CODES } from '../../../sync/collab/close-codes';
import type { UploadResult } from './background-sync';
import { ChapterUpload } from './chapter-upload';
import { unsyncedChapters, type UnsyncedChapters } from './unsynced-chapters';

type ChapterSyncStatus = 'synced' | 'waiting' | 'offline' | 'refused';

export interface ChapterConnection {
  status: ChapterSyncStatus;
  /** People with the chapter open, this device included. */
  peers: { clientId: number; name: string; color: string; self: boolean }[];
  /** Why the server refused or ended the socket (sync/collab/close-codes.ts), once refused. */
  closeCode?: number;
}

interface Entry {
  provider: WebsocketProvider;
  /** Opened at the first connect(), once Lexical's binding observes the document (see below). */
  persistence: IndexeddbPersistence | null;
  /** The account's chapters with edits the server has not acknowledged: shown as "waiting". */
  unsynced: UnsyncedChapters;
  stopWatching: () => void;
  refused: boolean;
  closeCode?: number;
  snapshot: ChapterConnection;
}

const OFFLINE: ChapterConnection = { status: 'offline', peers: [] };
const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();

function collabUrl(): string {
  return `${location.origin.replace(/^http/, 'ws')}/collab`;
}

function snapshotOf(entry: Entry): ChapterConnection {
  const { provider } = entry;
  const status: ChapterSyncStatus = entry.refused
    ? 'refused'
    : entry.unsynced.has(provider.roomname)
      ? 'waiting'
      : provider.wsconnected && provider.synced
        ? 'synced'
        : provider.wsconnected
          ? 'waiting'
          : 'offline';
  const peers = [...provider.awareness.getStates()].flatMap(([clientId, state]) =>
    typeof state.name === 'string'
      ? [{ clientId, name: state.name as string, color: String(state.color ?? '#6d28d9'), self: clientId === provider.awareness.clientID }]
      : [],
  );
  return { status, peers, closeCode: entry.refused ? entry.closeCode : undefined };
}

function refresh(entry: Entry): void {
  entry.snapshot = snapshotOf(entry);
  for (const listener of listeners) listener();
}

function release(docName: string): void {
  const entry = entries.get(docName);
  if (!entry) return;
  entries.delete(docName);
  entry.stopWatching();
  entry.provider.destroy();
  void entry.persistence?.destroy();
}

/**
 * A `providerFactory` for CollaborationPlugin. `storagePrefix` keeps one account's offline
 * chapters apart from another's on a shared device.
 */
export function chapterProviderFactory(storagePrefix: string) {
  return (docName: string, docMap: Map<string, Y.Doc>): Provider => {
    release(docName);
    const doc = new Y.Doc();
    docMap.set(docName, doc);
    const provider = new WebsocketProvider(collabUrl(), docName, doc, {
      connect: false,
      // Refusals (signed out, no access) need the person to act; anything else — a restart, a
      // dropped network — is retried with y-websocket's back-off. "Unknown document" is retried
      // too: a chapter created a moment ago reaches the server through the sync engine, which
      // may land after this socket first knocks.
      shouldReconnect: (event) => event.code === CLOSE_CODES.unknownDocument || !FATAL_CLOSE_CODES.includes(event.code),
    });
    const unsynced = unsyncedChapters(storagePrefix);
    const entry: Entry = { provider, persistence: null, unsynced, stopWatching: () => undefined, refused: false, snapshot: OFFLINE };
    entry.stopWatching = unsynced.subscribe(() => refresh(entry));
    // Lexical's v1 binding only renders what the document receives after it starts observing,
    // and it calls connect() once it does: load the offline copy then, never before, or a copy
    // restored too early would stay invisible.
    const connect = provider.connect.bind(provider);
    provider.connect = () => {
      entry.persistence ??= new IndexeddbPersistence(`${storagePrefix}:${docName}`, doc);
      connect();
    };
    entries.set(docName, entry);
    provider.on('status', () => refresh(entry));
    provider.on('sync', (synced) => {
      // Synced means sent, not stored: the background upload waits for the server to hold it.
      if (synced && unsynced.has(docName)) void import('./background-sync').then((m) => m.syncChapters(storagePrefix));
      refresh(entry);
    });
    provider.on('closed', (event: { code: number }) => {
      entry.refused = true;
      entry.closeCode = event.code;
      refresh(entry);
    });
    provider.awareness.on('change', () => refresh(entry));
    doc.on('update', (_update: Uint8Array, origin: unknown) => {
      if (origin === provider || origin === entry.persistence) return;
      if (!(provider.wsconnected && provider.synced)) unsynced.mark(docName);
    });
    refresh(entry);
    return provider as unknown as Provider;
  };
}

/** Close the chapter's socket and local store once its editor is gone. */
export function releaseChapter(docName: string): void {
  // After the plugin's own cleanup (which disconnects and clears awareness) has run.
  setTimeout(() => {
    if (entries.get(docName)?.provider.shouldConnect === false) release(docName);
  }, 0);
}

/** How long a background upload waits for the server's answer before trying again later. */
const UPLOAD_TIMEOUT_MS = 15_000;
/** Refusals that another attempt cannot change; an unknown chapter may just not be replicated yet. */
const REFUSALS = FATAL_CLOSE_CODES.filter((code) => code !== CLOSE_CODES.unknownDocument);

/**
 * One background upload of a chapter from its offline copy (chapter-upload.ts): a socket of its
 * own, without presence, so co-authors do not see the author "in" a chapter they are not in.
 */
export async function uploadChapter(storagePrefix: string, docName: string): Promise<UploadResult> {
  const doc = new Y.Doc();
  const persistence = new IndexeddbPersistence(`${storagePrefix}:${docName}`, doc);
  try {
    await persistence.whenSynced;
    return await new Promise<UploadResult>((resolve) => {
      const socket = new WebSocket(`${collabUrl()}/${docName}`);
      socket.binaryType = 'arraybuffer';
      const upload = new ChapterUpload(doc, (message) => socket.send(message));
      const timer = setTimeout(() => finish('retry'), UPLOAD_TIMEOUT_MS);
      function finish(result: UploadResult) {
        clearTimeout(timer);
        socket.onclose = null;
        socket.close();
        resolve(result);
      }
      socket.onmessage = (event: MessageEvent<ArrayBuffer>) => {
        const outcome = upload.receive(new Uint8Array(event.data));
        if (outcome !== 'waiting') finish(outcome === 'acknowledged' ? 'acknowledged' : 'refused');
      };
      socket.onclose = (event) => finish(REFUSALS.includes(event.code) ? 'refused' : 'retry');
    });
  } finally {
    await persistence.destroy();
    doc.destroy();
  }
}

export function subscribeConnections(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function connectionOf(docName: string): ChapterConnection {
  return entries.get(docName)?.snapshot ?? OFFLINE;
}
