/**
 * The page's side of the storage worker (storage-worker.ts): RxDB's remote storage over one
 * worker per tab, kept for the page's life (an account switch reopens through the same worker).
 */
import type { RxStorage } from 'rxdb';
import { getRxStorageRemote, type MessageFromRemote } from 'rxdb/plugins/storage-remote';
import { Subject } from 'rxjs';
import { storageWorker } from './storage-worker-start';

let storage: RxStorage<any, any> | null = null;

export function workerStorage(): RxStorage<any, any> {
  storage ??= getRxStorageRemote({
    identifier: 'quire-storage-worker',
    mode: 'one',
    async messageChannelCreator() {
      const worker = storageWorker();
      const messages$ = new Subject<MessageFromRemote>();
      worker.addEventListener('message', (event) => messages$.next(event.data as MessageFromRemote));
      // The worker lives as long as the page ('one' mode never closes its channel).
      return { messages$, send: (message) => worker.postMessage(message), close: async () => undefined };
    },
  });
  return storage;
}
