/**
 * Sends client failures to /api/debug-reports (best effort, never throws, one report per error).
 * A plain fetch, not call(): the endpoint's module (sync/api/debug.ts) brings classic zod, this
 * runs in the first load, and the answer (a digest) is never read.
 */
const reported = new WeakSet<object>();

export function reportClientFailure(error: unknown) {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  const e = error instanceof Error ? error : new Error(String(error));
  const body = JSON.stringify({ message: e.message || e.name, stack: e.stack?.slice(0, 16000), route: location.pathname + location.search });
  void fetch('/api/debug-reports', { method: 'POST', headers: { 'content-type': 'application/json' }, body, credentials: 'same-origin' }).catch(() => {});
}

/** Failures outside React rendering (event handlers, promises) are reported too. */
export function installGlobalErrorReporting() {
  window.addEventListener('error', (event) => reportClientFailure(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportClientFailure(event.reason));
}
