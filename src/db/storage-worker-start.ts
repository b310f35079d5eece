/**
 * Starts the page's storage worker (storage-worker.ts), once. The database loader calls it before
 * it imports the database code, so the worker's script loads while that code does: started from
 * the database code instead, a reload's open took about 50 ms longer. Kept out of the RxDB chunk
 * so that calling it early loads nothing else.
 */

// Node's type check (tsconfig.server.json) reaches this module through database.ts, without the
// DOM's types: the little of a Web Worker used here, declared for both.
interface StorageWorker {
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}
declare const Worker: new (url: URL, options: { type: 'module'; name: string }) => StorageWorker;

let worker: StorageWorker | null = null;

export function storageWorker(): StorageWorker {
  worker ??= new Worker(new URL('./storage-worker.ts', import.meta.url), { type: 'module', name: 'quire-storage' });
  return worker;
}
