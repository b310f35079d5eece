/**
 * `npm run test:budget` (after `vite build`): the `/` route's first-load JS, brotli-compressed,
 * must stay within 150 KiB. Prints a table and the total on every run; exits 1 when over, or
 * when the local database (rxdb, dexie) sneaks into the first load — it must arrive by dynamic import.
 * Usage: tsx scripts/check-bundle-size.ts [distDir]  (default ./dist)
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { budgetReport, firstLoadFiles, formatReport, type ViteManifest } from './bundle-size';

const dist = path.resolve(process.argv[2] ?? 'dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`No build manifest at ${manifestFile}. Run \`vite build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ViteManifest;
const rows = firstLoadFiles(manifest).map((file) => {
  const bytes = fs.readFileSync(path.join(dist, file));
  const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  return { file, rawBytes: bytes.byteLength, brotliBytes: brotli.byteLength };
});
const report = budgetReport(rows);
console.log(formatReport(report));
const eager = rows.filter((r) => /RxDB|Dexie\.version/.test(fs.readFileSync(path.join(dist, r.file), 'utf8'))).map((r) => r.file);
if (eager.length) console.error(`The local database is in the first load of /: ${eager.join(', ')}`);
if (!report.withinBudget || eager.length) process.exit(1);
