/**
 * The one place that creates collaboration connections: for each chapter document a
 * `WebsocketProvider` to Quire's `/collab/{docName}` and an `IndexeddbPersistence` underneath, so
 * a chapter opened once stays readable and editable offline and its offline edits merge when the
 * socket returns. Lexical's CollaborationPlugin calls the factory; the editor's badge and
 * presence read the state kept here.
 */
import type { Provider } from '@lexical/yjs';
import { IndexeddbPersistence } from 'y-indexeddb';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { CLOSE_CODES, FATAL_CLOSE_CODES } from '../../../sync/collab/close-codes';

export type ChapterSyncStatus = 'synced' | 'waiting' | 'offline' | 'refused';

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
  /** Local edits made while not connected and synced: shown as "waiting". */
  unsent: boolean;
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
  const status: ChapterSyncStatus = entry.refused ? 'refused' : entry.unsent ? 'waiting' : provider.wsconnected && provider.synced ? 'synced' : provider.wsconnected ? 'waiting' : 'offline';
  const peers = [...provider.awareness.getStates()].flatMap(([clientId, state]) =>
    typeof state.name === 'string' ? [{ clientId, name: state.name as string, color: String(state.color ?? '#6d28d9'), self: clientId === provider.awareness.clientID }] : [],
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
    const entry: Entry = { provider, persistence: null, unsent: false, refused: false, snapshot: OFFLINE };
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
      // Once synced, everything made offline has been sent with the sync step.
      if (synced) entry.unsent = false;
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
      if (!(provider.wsconnected && provider.synced)) {
        entry.unsent = true;
        refresh(entry);
      }
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

export function subscribeConnections(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function connectionOf(docName: string): ChapterConnection {
  return entries.get(docName)?.snapshot ?? OFFLINE;
}
