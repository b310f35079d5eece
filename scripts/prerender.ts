/**
 * `npm run build:prerender`, after the client build: renders the public pages' first paint with
 * the SSR build of src/prerender.tsx and writes dist/prerendered.json — per route pattern, the
 * markup for #root and the stylesheets and code it needs beyond the entry's (from Vite's manifest) — for
 * the server to send to visitors (server/site/prerendered.ts); and the code of the pages whose
 * code alone the server names.
 */
import fs from 'node:fs';
import type { PrerenderedPage } from '../server/site/prerendered';

// React's production build, as the client runs.
process.env.NODE_ENV = 'production';

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;
/** src/prerender.tsx as built (its own types need the DOM, which scripts are not compiled with). */
interface PrerenderBuild {
  PRERENDERED: Record<string, { path: string; module: string }>;
  CODE_PRELOADED: Record<string, { module: string }>;
  prerender(path: string): Promise<string>;
}
const { PRERENDERED, CODE_PRELOADED, prerender } = (await import(new URL('../dist-prerender/prerender.js', import.meta.url).href)) as PrerenderBuild;
const manifest = JSON.parse(fs.readFileSync('dist/.vite/manifest.json', 'utf8')) as Manifest;

/** A module's stylesheets and those of everything it imports statically, the entry's own left out (index.html links them). */
function stylesOf(key: string, seen = new Set<string>()): string[] {
  if (seen.has(key) || key === 'index.html') return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the client build's manifest (src/prerender.tsx names a page module that moved?)`);
  return [...(chunk.css ?? []).map((file) => `/${file}`), ...(chunk.imports ?? []).flatMap((next) => stylesOf(next, seen))];
}

/** Every chunk a module loads statically, itself included. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(next, seen);
  return seen;
}

/** A page's code beyond what index.html loads already, for the server to name as modulepreloads. */
const entryChunks = closure('index.html');
function scriptsOf(key: string): string[] {
  return [...closure(key)].filter((k) => !entryChunks.has(k)).map((k) => `/${manifest[k]!.file}`);
}

const pages: Record<string, PrerenderedPage> = {};
for (const [pattern, { path, module }] of Object.entries(PRERENDERED)) {
  pages[pattern] = { html: await prerender(path), styles: [...new Set(stylesOf(module))], scripts: scriptsOf(module) };
}
for (const [pattern, { module }] of Object.entries(CODE_PRELOADED)) pages[pattern] = { styles: [], scripts: scriptsOf(module) };
fs.writeFileSync('dist/prerendered.json', JSON.stringify(pages));
console.log(`prerendered ${Object.keys(pages).length} pages into dist/prerendered.json`);
