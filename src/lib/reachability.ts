/**
 * Whether Quire's server answered the last request. navigator.onLine only knows the device's
 * link (a captive network or an emulated outage can leave it true), so a request that cannot reach
 * the server marks Quire unreachable until an answer comes back from the server itself; answers
 * the service worker gives from its caches do not count either way.
 */
import { FROM_CACHE_HEADER } from '../../sync/store/offline-cache';

let unreachable = false;
const listeners = new Set<() => void>();

/** While unreachable, ask the server's probe every second: nothing else may come to tell us. */
const PROBE_EVERY_MS = 1_000;
let probing: ReturnType<typeof setInterval> | undefined;

function set(next: boolean) {
  if (next === unreachable) return;
  unreachable = next;
  clearInterval(probing);
  probing = next ? setInterval(probe, PROBE_EVERY_MS) : undefined;
  for (const listener of listeners) listener();
}

function probe() {
  fetch('/__probe', { cache: 'no-store' }).then(
    (res) => res.ok && set(false),
    () => {},
  );
}

/** After a fetch: its response, or null when it failed on the network. */
export function noteFetched(res: Response | null): void {
  set(res === null ? true : res.headers.has(FROM_CACHE_HEADER) ? unreachable : false);
}

// The device coming back online is reason enough to try again: whatever waits for the
// connection (sync, the editor's socket, pages' refetches) must not wait for an API answer first.
if (typeof window !== 'undefined') window.addEventListener('online', () => set(false));

export function serverUnreachable(): boolean {
  return unreachable;
}

export function onReachabilityChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
