/**
 * `npm run test:budget` (after `vite build`): the first-load JS of `/`, `/store` and `/book/{id}`,
 * each measured as the real server sends it to a browser that accepts brotli (the bytes on the
 * wire, not a local estimate), must stay within 150 KiB. Prints a table and the total per route on
 * every run; exits 1 when one is over, or when the local database (rxdb, dexie) sneaks into a
 * first load — it must arrive by dynamic import.
 * Usage: tsx scripts/check-bundle-size.ts [distDir]  (default ./dist)
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { startServer } from '../server/server';
import { BUDGETED_ROUTES, budgetReport, firstLoadFiles, formatReport, type ViteManifest } from './bundle-size';

/** Bytes as they cross the wire: node:http, unlike fetch, leaves the body encoded. */
function sentBytes(url: string): Promise<{ status: number; encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'] ?? 'identity', bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const dist = path.resolve(process.argv[2] ?? 'dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`No build manifest at ${manifestFile}. Run \`vite build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ViteManifest;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-budget-'));
const server = await startServer({ ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, demo: false, clientDir: dist });
const problems: string[] = [];
let withinBudget = true;
try {
  for (const [route, pageKey] of Object.entries(BUDGETED_ROUTES)) {
    const rows = [];
    for (const file of firstLoadFiles(manifest, pageKey)) {
      const sent = await sentBytes(`${server.ctx.selfUrl}/${file}`);
      if (sent.status !== 200) problems.push(`${file}: the server answered ${sent.status}`);
      if (sent.encoding !== 'br') console.log(`(${file} is sent as ${sent.encoding}: it has no smaller .br)`);
      rows.push({ file, rawBytes: fs.statSync(path.join(dist, file)).size, brotliBytes: sent.bytes });
    }
    const report = budgetReport(rows, undefined, route);
    console.log(`${formatReport(report)}\n`);
    withinBudget &&= report.withinBudget;
    const eager = rows.filter((r) => /RxDB|Dexie\.version/.test(fs.readFileSync(path.join(dist, r.file), 'utf8'))).map((r) => r.file);
    if (eager.length) problems.push(`The local database is in the first load of ${route}: ${eager.join(', ')}`);
  }
} finally {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
problems.forEach((p) => console.error(p));
process.exit(withinBudget && !problems.length ? 0 : 1);
