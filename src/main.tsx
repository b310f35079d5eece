import './zod-jitless';
import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installGlobalErrorReporting } from './lib/error-reporting';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { queryClient } from './lib/query-client';
import { adoptPageBoot } from './lib/session';
import { applyStoredTheme } from './app/theme';
import './ui/styles.css';

applyStoredTheme();
installGlobalErrorReporting();
adoptPageBoot(queryClient);

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

/** How long the app waits for the first paint's images before it takes over anyway. */
const FIRST_PAINT_IMAGES_WAIT_MS = 2_000;

/**
 * The images the first paint shows in the window (a store page's covers) are let finish first: the
 * app draws the same page, and taking over halfway would draw a cover a second time, later.
 */
function whenFirstPaintImagesLoaded(): Promise<void> {
  if (!root.hasAttribute('data-prerendered')) return Promise.resolve();
  const loading = [...root.querySelectorAll('img')].filter((img) => !img.complete && img.getBoundingClientRect().top < window.innerHeight);
  if (loading.length === 0) return Promise.resolve();
  const loaded = loading.map(
    (img) => new Promise<void>((resolve) => ['load', 'error'].forEach((type) => img.addEventListener(type, () => resolve(), { once: true }))),
  );
  return Promise.race([Promise.all(loaded).then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAINT_IMAGES_WAIT_MS))]);
}

/**
 * The prerendered markup stays inert until the app's first commit replaces it (a layout effect
 * runs in that commit, before the browser paints or takes input).
 */
function TakeOver({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    root.removeAttribute('data-prerendered');
    root.removeAttribute('inert');
  }, []);
  return children;
}

void Promise.all([whenRouterReady(), whenFirstPaintImagesLoaded()]).then(() => {
  // A transition, so React renders the whole first page in slices of a few milliseconds rather
  // than one long task that blocks input (Lighthouse's TBT); the page already shows meanwhile.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <TakeOver>
          <Providers>
            <RouterProvider router={router} />
          </Providers>
        </TakeOver>
      </StrictMode>,
    ),
  );
});
