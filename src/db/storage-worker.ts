/**
 * The dedicated worker that holds the account's IndexedDB storage (RxDB's Dexie storage, with
 * one `getAll()` per query: dexie-index-reads.ts). The page's RxDB talks to it through RxDB's
 * remote storage (storage-remote.ts), so Dexie's code, IndexedDB's requests and the rows'
 * conversion run here, off the main thread: on a signed-in first visit they were most of the
 * database's main-thread time. Changes made in other tabs reach each tab's worker through
 * RxDB's BroadcastChannel, as they reached each page before.
 */
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { exposeRxStorageRemote, type MessageToRemote } from 'rxdb/plugins/storage-remote';
import { Subject } from 'rxjs';
import { withIndexReads } from './dexie-index-reads';

const messages$ = new Subject<MessageToRemote>();
addEventListener('message', (event: MessageEvent<MessageToRemote>) => messages$.next(event.data));
exposeRxStorageRemote({ storage: withIndexReads(getRxStorageDexie()), messages$, send: (message) => postMessage(message) });
