/// <reference lib="webworker" />
/**
 * Quire's service worker (vite-plugin-pwa, injectManifest). It precaches the app shell, the
 * reader and the editor so Quire cold-starts offline on any route, keeps the print layout's code
 * once it is first needed (scripts/precache-plan.ts splits the build), caches book covers, the
 * public home-page data and the store and author pages the person looked at, at run time, and
 * waits for the person to accept an update (the UpdatePrompt) instead of swapping code under an
 * open page. Only public, account-independent responses are cached here: a
 * shared device must never show one person's data to another.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { FROM_CACHE_HEADER, STORE_PAGES_CACHE, storePageOf } from '../sync/store/offline-cache';
import { ASSET_GROUPS, type AssetGroup, type KeepOfflineMessage, type LoadedAssetsMessage } from '../sync/offline-assets';

declare const self: ServiceWorkerGlobalScope;
/** Each on-demand group's files in this build, as URL paths (vite.config.ts defines it). */
declare const __QUIRE_ASSET_GROUPS__: Record<AssetGroup, string[]>;

const COVER_CACHE = 'quire-covers';
const COVER_CACHE_MAX_ENTRIES = 200;
const PUBLIC_API_CACHE = 'quire-public-api';
const STORE_CACHE = STORE_PAGES_CACHE;
const STORE_CACHE_MAX_ENTRIES = 300;
const AUTHORS_CACHE = 'quire-authors';
const AUTHORS_CACHE_MAX_ENTRIES = 100;
const NETWORK_TIMEOUT_SECONDS = 3;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every navigation gets the precached shell; the client router takes it from there. Server
// routes that answer navigations themselves are left to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    // The blog's feeds and the sitemap are XML the server writes, not pages of the app.
    denylist: [/^\/api\//, /^\/__probe/, /^\/collab\//, /^\/blog\/(rss|atom)\.xml$/, /^\/sitemap\.xml$/],
  }),
);

/** Only complete, successful responses are worth keeping. */
const okOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};

/** Marks an API answer given from a cache, so the app does not take it for a sign of a connection. */
const markFromCache: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(FROM_CACHE_HEADER, '1');
    return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};

/** A small stand-in for workbox-expiration (not installed): keep the newest N entries. Cache
 * keys come back in insertion order, so the first ones are the oldest. */
function capEntries(max: number): WorkboxPlugin {
  return {
    cacheDidUpdate: async ({ cacheName }) => {
      const cache = await caches.open(cacheName);
      const keys = await cache.keys();
      await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
    },
  };
}

// Cover URLs carry their content hash (?v=…), so a cached cover is never stale.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && /^\/api\/books\/[^/]+\/cover$/.test(url.pathname),
  new CacheFirst({ cacheName: COVER_CACHE, plugins: [okOnly, capEntries(COVER_CACHE_MAX_ENTRIES)] }),
);

// Image variants are named by their own hash (server/images): cached once, never stale.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && /^\/api\/images\/[0-9a-f]{64}\.(avif|webp)$/.test(url.pathname),
  new CacheFirst({ cacheName: COVER_CACHE, plugins: [okOnly, capEntries(COVER_CACHE_MAX_ENTRIES)] }),
);

// Site info and the home page's rows: fresh when online, the last copy when offline.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && (url.pathname === '/api/site' || url.pathname === '/api/books/home'),
  new NetworkFirst({ cacheName: PUBLIC_API_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [okOnly, markFromCache] }),
);

// The store's pages as the person saw them (shelves, searches, book pages): the same for
// everyone, so safe to keep. Shown at once from the cache and refreshed behind it; offline, the
// pages say they may be out of date, and buying needs the network anyway (prices are re-read).
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && storePageOf(url.pathname) !== null,
  new StaleWhileRevalidate({ cacheName: STORE_CACHE, plugins: [okOnly, markFromCache, capEntries(STORE_CACHE_MAX_ENTRIES)] }),
);

// The author directory and author pages, the same way: the same for everyone (whether one follows
// lives in the replicated follows). Not /api/authors/following/…: that is a person's own.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && /^\/api\/authors(\/(?!following$)[^/]+)?$/.test(url.pathname),
  new StaleWhileRevalidate({ cacheName: AUTHORS_CACHE, plugins: [okOnly, markFromCache, capEntries(AUTHORS_CACHE_MAX_ENTRIES)] }),
);

// Downloaded books: the reader stored the book's detail, chapters and assets in its own cache
// (`quire-book-{id}`, see src/features/library/offline-books.ts) at the person's request. The
// network stays first, so entitlement and fresh copies win; the cache answers only when the
// network fails. Books never downloaded have no cache and are never stored here.
const BOOK_CACHE_PREFIX = 'quire-book-';
const BOOK_READ_PATH = /^\/api\/books\/([^/]+)(?:\/(?:chapters|assets)\/.+)?$/;
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    BOOK_READ_PATH.test(url.pathname) &&
    !/^\/api\/books\/(home|imports|import)$/.test(url.pathname),
  async ({ url, request }) => {
    try {
      return await fetch(request);
    } catch (err) {
      const bookId = decodeURIComponent(BOOK_READ_PATH.exec(url.pathname)![1]!);
      const name = `${BOOK_CACHE_PREFIX}${bookId}`;
      const cached = (await caches.has(name)) ? await (await caches.open(name)).match(url.pathname) : undefined;
      if (cached) return cached;
      throw err;
    }
  },
);

// The print layout (and any other on-demand group): not precached, kept whole the first time any of their files is
// needed (so a dialog or the typesetter that loads later still works offline), and fetched again
// for a new version when this device has used them. A marker entry per group records that use;
// the cache holds the current build's files only.
const ASSET_CACHE = 'quire-assets';
const GROUP_MARKER = '/__quire-asset-group/';
const groupOfPath = new Map(ASSET_GROUPS.flatMap((group) => __QUIRE_ASSET_GROUPS__[group].map((path) => [path, group] as const)));
const keeping = new Map<AssetGroup, Promise<void>>();

/** Puts every file of the group in the asset cache; what is there already is not fetched again. */
function keepGroup(group: AssetGroup): Promise<void> {
  let done = keeping.get(group);
  if (!done) {
    done = (async () => {
      const cache = await caches.open(ASSET_CACHE);
      await cache.put(`${GROUP_MARKER}${group}`, new Response(''));
      await Promise.all(
        __QUIRE_ASSET_GROUPS__[group].map(async (path) => {
          if (await cache.match(path)) return;
          const res = await fetch(path);
          if (!res.ok) throw new Error(`${path}: ${res.status}`);
          await cache.put(path, res);
        }),
      );
    })().finally(() => keeping.delete(group));
    keeping.set(group, done);
  }
  return done;
}

/** The groups this device has used (their markers are in the cache). */
async function keptGroups(): Promise<AssetGroup[]> {
  const cache = await caches.open(ASSET_CACHE);
  const marked = await Promise.all(ASSET_GROUPS.map(async (group) => ((await cache.match(`${GROUP_MARKER}${group}`)) ? [group] : [])));
  return marked.flat();
}

// Hashed build files: never stale, so the cache answers first. Precached ones never get here.
const assetsFirst = new CacheFirst({ cacheName: ASSET_CACHE, plugins: [okOnly] });
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  (options) => {
    const group = groupOfPath.get(options.url.pathname);
    if (group) options.event.waitUntil(keepGroup(group).catch(() => undefined));
    return assetsFirst.handle(options);
  },
);

self.addEventListener('message', (event) => {
  const message = event.data as { type?: string } | null;
  // The UpdatePrompt's "Reload" (workbox-window's messageSkipWaiting) activates a waiting worker.
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  // The page asks for a group (a book downloaded for offline also needs the print layout); answered when kept.
  if (message?.type === 'QUIRE_KEEP_OFFLINE') {
    const { group } = message as KeepOfflineMessage;
    if (!ASSET_GROUPS.includes(group)) return;
    const kept = keepGroup(group).then(
      () => true,
      () => false,
    );
    event.waitUntil(kept.then((ok) => event.ports[0]?.postMessage({ ok })));
  }
  // Files a page loaded before this worker controlled it went past the cache: keep their groups.
  if (message?.type === 'QUIRE_LOADED_ASSETS') {
    const groups = new Set((message as LoadedAssetsMessage).paths.map((path) => groupOfPath.get(path)).filter((g) => g !== undefined));
    event.waitUntil(Promise.all([...groups].map((group) => keepGroup(group).catch(() => undefined))));
  }
});

// Claim open pages only on the very first install, so the first visit is controlled (and
// cached) at once. Updates wait for the prompt; workbox-core's clientsClaim() is not used
// because it would claim on every activation.
let firstInstall = false;
self.addEventListener('install', (event) => {
  firstInstall = !self.registration.active;
  // A new version fetches the groups this device uses before it is offered (best effort).
  event.waitUntil(keptGroups().then((groups) => Promise.all(groups.map((group) => keepGroup(group).catch(() => undefined)))));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(dropOldAssets());
  if (firstInstall) event.waitUntil(self.clients.claim());
});

/** Files of earlier builds leave the asset cache once this version is active. */
async function dropOldAssets() {
  const cache = await caches.open(ASSET_CACHE);
  const stale = (await cache.keys()).filter((request) => {
    const path = new URL(request.url).pathname;
    return !path.startsWith(GROUP_MARKER) && !groupOfPath.has(path);
  });
  await Promise.all(stale.map((request) => cache.delete(request)));
}
