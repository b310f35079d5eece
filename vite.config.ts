import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { precachePlan } from './scripts/precache-plan';
import { collectionSchemas } from './scripts/collection-schemas-plugin';

// The manifest lives at the top level (one source); the plugin emits it and links it.
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>;
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;
// The dev proxy forwards same-origin requests from Vite's port; present them with the API's own
// origin so its same-origin check (which stays on) accepts them.
const proxyToApi = {
  target: apiTarget,
  configure: (proxy: { on(event: 'proxyReq', cb: (req: { setHeader(k: string, v: string): void }) => void): void }) =>
    proxy.on('proxyReq', (req) => req.setHeader('origin', apiTarget)),
};

/** The build's precache split (scripts/precache-plan.ts), from the manifest the app build has written by the time the worker is built. */
function readPrecachePlan() {
  return precachePlan(JSON.parse(readFileSync(new URL('./dist/.vite/manifest.json', import.meta.url), 'utf8')));
}

/** Gives the service worker build each on-demand group's files (`__QUIRE_ASSET_GROUPS__` in src/sw.ts). */
function assetGroupsForWorker(): Plugin {
  return { name: 'quire-asset-groups', config: () => ({ define: { __QUIRE_ASSET_GROUPS__: JSON.stringify(readPrecachePlan().groups) } }) };
}

/**
 * `.br` and `.gz` beside each compressible file of the build, at maximum quality, for
 * server/static.ts to send as they are. Last of all, so the service worker is included. HTML stays
 * plain: the CSP middleware hashes its inline scripts from the bytes it sends (and it is small).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'quire-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    closeBundle: {
      order: 'post',
      handler() {
        const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter(
          (f) => /\.(js|css|svg|json|webmanifest)$/.test(f) && !f.startsWith('.vite'),
        );
        for (const file of files) {
          const bytes = readFileSync(path.join(outDir, file));
          const variants = {
            br: brotliCompressSync(bytes, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
            }),
            gz: gzipSync(bytes, { level: 9 }),
          };
          for (const [ext, packed] of Object.entries(variants))
            if (packed.byteLength < bytes.byteLength) writeFileSync(path.join(outDir, `${file}.${ext}`), packed);
        }
      },
    },
  };
}

/**
 * Every module the entry imports statically, for one "shell" chunk. Left alone, Rolldown gives
 * each module that a lazy page shares with the entry a chunk of its own: a first visit asked for
 * 21 scripts, and over HTTP/1.1's six connections each wave of them costs a round trip.
 */
function shellChunk(): { plugin: Plugin; has(id: string): boolean } {
  const ids = new Set<string>();
  return {
    has: (id) => ids.has(id),
    plugin: {
      name: 'quire-shell-chunk',
      apply: 'build',
      buildEnd() {
        ids.clear();
        const walk = (id: string) => {
          if (ids.has(id)) return;
          ids.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next);
        };
        for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) walk(id);
      },
    },
  };
}
const shell = shellChunk();

/** The prerender build (below) has no service worker: the update prompt's hook there has nothing to report. */
function noServiceWorker(): Plugin {
  const id = 'virtual:pwa-register/react';
  return {
    name: 'quire-no-service-worker',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load: (module) =>
      module === `\0${id}`
        ? 'export const useRegisterSW = () => ({ needRefresh: [false, () => {}], offlineReady: [false, () => {}], updateServiceWorker: async () => {} });'
        : null,
  };
}

// `vite build --ssr src/prerender.tsx` (npm run build:prerender) needs React only: no worker,
// no precompressed copies, no manifest.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react(), noServiceWorker()]
    : [
        react(),
        VitePWA({
          strategies: 'injectManifest',
          srcDir: 'src',
          filename: 'sw.ts',
          registerType: 'prompt',
          injectRegister: false,
          manifest,
          injectManifest: {
            globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
            // The shell and the reader only; the editor and the print layout are kept on first use.
            manifestTransforms: [
              (entries) => {
                const { excluded } = readPrecachePlan();
                return { manifest: entries.filter((entry) => !excluded.has(entry.url)), warnings: [] };
              },
            ],
            buildPlugins: { vite: [assetGroupsForWorker()] },
          },
          devOptions: { enabled: false },
        }),
        collectionSchemas(),
        precompress(),
        shell.plugin,
      ],
  // The local database's storage worker (src/db/storage-worker.ts) is a module worker.
  worker: { format: 'es' as const },
  build: isSsrBuild
    ? { outDir: 'dist-prerender', target: 'node20' }
    : {
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', test: (id) => shell.has(id) }] } } },
        manifest: true,
        sourcemap: true,
        target: 'es2022',
      },
  server: {
    proxy: {
      '/api': proxyToApi,
      '/__probe': apiTarget,
      '/collab': { target: apiTarget.replace('http', 'ws'), ws: true },
    },
  },
}));
