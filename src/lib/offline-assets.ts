/**
 * The page's side of the service worker's on-demand code (src/sw.ts, sync/offline-assets.ts): ask
 * for a group to be kept offline, and report the files this page loaded before the worker
 * controlled it (a first visit), since those went past its cache.
 */
import type { AssetGroup, KeepOfflineMessage, LoadedAssetsMessage } from '../../sync/offline-assets';

/** A worker that never answers (being replaced, or killed) must not hold up the caller for ever. */
const ANSWER_WAIT_MS = 60_000;

/** Resolves once the group is kept (or could not be: offline, no worker); never rejects. */
export async function keepOffline(group: AssetGroup): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const worker = (await navigator.serviceWorker.getRegistration())?.active;
  if (!worker) return;
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, ANSWER_WAIT_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage({ type: 'QUIRE_KEEP_OFFLINE', group } satisfies KeepOfflineMessage, [channel.port2]);
  });
}

function reportTo(worker: ServiceWorker | null | undefined) {
  const paths = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => path.startsWith('/assets/'));
  worker?.postMessage({ type: 'QUIRE_LOADED_ASSETS', paths } satisfies LoadedAssetsMessage);
}

/** Once the worker is active, and again when it takes control of this page. */
export function reportLoadedAssets(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => reportTo(registration.active));
  navigator.serviceWorker.addEventListener('controllerchange', () => reportTo(navigator.serviceWorker.controller));
}
