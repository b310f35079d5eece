/**
 * Tells the person when a new version of Quire is ready (and once, when it first works
 * offline). Registration happens only in production builds; the dev server has no worker.
 */
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button, useToast } from '../ui';
import { reportLoadedAssets } from '../lib/offline-assets';

const BANNER_POSITION = { position: 'fixed', left: '1rem', bottom: '1rem', zIndex: 60, maxWidth: 'calc(100vw - 2rem)' } as const;

function UpdateBanner() {
  const toast = useToast();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW: reportLoadedAssets,
    onRegisterError(error) {
      console.error('Service worker registration failed', error);
    },
  });

  useEffect(() => {
    if (!offlineReady) return;
    toast('Quire is ready to work offline.', { tone: 'success' });
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady, toast]);

  if (!needRefresh) return null;
  return (
    // Styled like a toast (styles.css), pinned bottom-left so it never covers the toasts.
    <div className="toast update-prompt" role="status" aria-live="polite" style={BANNER_POSITION}>
      <span>A new version of Quire is ready.</span>
      <Button size="sm" onClick={() => void updateServiceWorker(true)}>
        Reload
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setNeedRefresh(false)}>
        Later
      </Button>
    </div>
  );
}

export function UpdatePrompt() {
  return import.meta.env.PROD ? <UpdateBanner /> : null;
}
