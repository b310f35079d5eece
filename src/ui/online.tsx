/** Online state for pages that are views over /api and cannot work without a connection. */
import { useSyncExternalStore, type ReactNode } from 'react';
import { onReachabilityChange, serverUnreachable } from '../lib/reachability';
import { Notice } from './feedback';

function subscribe(cb: () => void) {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  const stop = onReachabilityChange(cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
    stop();
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine && !serverUnreachable(),
    () => true,
  );
}

/** Shown by online-only pages when a request could not reach the server. */
export function NeedsConnection({ what = 'This page' }: { what?: string }) {
  return (
    <Notice tone="warning" title="You're offline">
      {what} needs a connection. It will load when you're back online.
    </Notice>
  );
}

/** Render children, or the offline notice when the browser is offline and nothing is loaded yet. */
export function OnlineOnly({ loaded, children, what }: { loaded: boolean; children: ReactNode; what?: string }) {
  const online = useOnline();
  if (!online && !loaded) return <NeedsConnection what={what} />;
  return <>{children}</>;
}
