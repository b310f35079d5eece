import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

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

export default defineConfig({
  plugins: [
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
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
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
});
