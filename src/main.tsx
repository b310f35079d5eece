import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installGlobalErrorReporting } from './lib/error-reporting';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { queryClient } from './lib/query-client';
import { adoptPageSession } from './lib/session';
import { applyStoredTheme } from './app/theme';
import './ui/styles.css';

applyStoredTheme();
installGlobalErrorReporting();
adoptPageSession(queryClient);

const root = document.getElementById('root')!;
const router = createRouter();

/**
 * A visitor's page may come with its first paint already drawn (server/site/prerendered.ts). It
 * stays until the page's own code has loaded, so the app replaces it with the same page rather
 * than a loading screen; the app's first render then takes over the (inert) markup.
 */
function whenRouterReady(): Promise<void> {
  if (!root.hasAttribute('data-prerendered') || router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

void whenRouterReady().then(() => {
  root.removeAttribute('data-prerendered');
  root.removeAttribute('inert');
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
