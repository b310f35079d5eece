/**
 * Whether Quire's server answered the last request. navigator.onLine only knows the device's
 * link (a captive network or an emulated outage can leave it true), so a request that cannot reach
 * the server marks Quire unreachable until an answer comes back from the server itself; answers
 * the service worker gives from its caches do not count either way.
 */
import { FROM_CACHE_HEADER } from '../../sync/store/offline-cache';

let unreachable = false;
const listeners = new Set<() => void>();

/** After a fetch: its response, or null when it failed on the network. */
export function noteFetched(res: Response | null): void {
  const next = res === null ? true : res.headers.has(FROM_CACHE_HEADER) ? unreachable : false;
  if (next === unreachable) return;
  unreachable = next;
  for (const listener of listeners) listener();
}

export function serverUnreachable(): boolean {
  return unreachable;
}

export function onReachabilityChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
