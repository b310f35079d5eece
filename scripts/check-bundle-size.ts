/**
 * The first-load budget of `/`: the entry script, everything index.html preloads and its CSS,
 * brotli-compressed, must stay under FIRST_LOAD_BUDGET. Also fails if the local database
 * (rxdb, dexie) sneaks into the first load — it must arrive by dynamic import.
 * Usage: tsx scripts/check-bundle-size.ts [distDir=dist]
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const FIRST_LOAD_BUDGET = 150 * 1024;
const LAZY_ONLY = /rxdb|dexie|storage-dexie|rx-storage|database-/i;

const dist = path.resolve(process.argv[2] ?? 'dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const assets = new Set<string>();
for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+\.(?:js|css))"/g)) assets.add(m[1]!.replace(/^\//, ''));

let total = 0;
const rows: string[] = [];
const offenders: string[] = [];
for (const asset of assets) {
  const file = path.join(dist, asset);
  const size = zlib.brotliCompressSync(fs.readFileSync(file)).length;
  total += size;
  rows.push(`${(size / 1024).toFixed(1).padStart(8)} KiB  ${asset}`);
  if (LAZY_ONLY.test(asset) || /RxDB|Dexie\.version/.test(fs.readFileSync(file, 'utf8').slice(0, 2_000_000))) offenders.push(asset);
}
console.log(rows.join('\n'));
console.log(`first load of /: ${(total / 1024).toFixed(1)} KiB brotli (budget ${FIRST_LOAD_BUDGET / 1024} KiB)`);
if (offenders.length) {
  console.error(`the local database is in the first load: ${offenders.join(', ')}`);
  process.exit(1);
}
if (total > FIRST_LOAD_BUDGET) {
  console.error('over budget');
  process.exit(1);
}
