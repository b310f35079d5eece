/**
 * The server's services are made once, in buildContext (server/server.ts), and reached through
 * ctx. A second `new BlobStore(` in a route would quietly give it a store of its own again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = 'server/server.ts';
// Calls, not the declaration (`function createCollabServices(`).
const MADE_ONCE = [
  /new BlobStore\(/,
  /new DiskBytes\(/,
  /new S3Bytes\(/,
  /(?<!function )createCollabServices\(/,
  /new Mailer\(/,
  /(?<!function )openJobQueue\(/,
  /new JobWorker\(/,
];

/** Server source outside tests and their helpers (tests may build a service on its own). */
function serverSources(dir = 'server'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : serverSources(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|^test-/.test(entry.name) ? [file] : [];
  });
}

describe('the server composition root', () => {
  it(`makes each service only in ${ROOT}`, () => {
    const elsewhere = serverSources().flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return MADE_ONCE.filter((call) => call.test(text)).map((call) => `${file}: ${call.source}`);
    });
    expect(elsewhere.filter((hit) => !hit.startsWith(`${ROOT}:`))).toEqual([]);
    for (const call of MADE_ONCE) expect(fs.readFileSync(ROOT, 'utf8')).toMatch(call);
  });
});
