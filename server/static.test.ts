/**
 * Compressed delivery: the built client's precompressed siblings (`.br`, `.gz`) chosen by
 * Accept-Encoding with the caching each kind of file needs, and API JSON gzipped on the fly —
 * but never the sync stream, whose events must leave one by one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../sync/replication/protocol-version';
import { buildSignedInUser } from './admin/test-helpers';
import { mountClient } from './static';
import { saveStoreBook } from './store/test-books';
import { buildTestContext, type TestContext } from './test/test-context';

const ASSET = '/assets/index-abc123.js';
const SOURCE = `console.log(${JSON.stringify('quire '.repeat(400))})`;

let t: TestContext;
let clientDir: string;
afterEach(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

async function setup() {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Quire</title>');
  fs.writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  // Fake compressed bytes: the test only needs to see which file left.
  fs.writeFileSync(path.join(clientDir, ASSET), SOURCE);
  fs.writeFileSync(path.join(clientDir, `${ASSET}.br`), 'brotli bytes');
  fs.writeFileSync(path.join(clientDir, `${ASSET}.gz`), 'gzip bytes');
  t = await buildTestContext();
  mountClient(t.app, clientDir);
}

const get = (url: string, acceptEncoding?: string) => t.request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built client', () => {
  it('sends the brotli file to browsers that accept it, gzip to those that accept only gzip, the plain file otherwise', async () => {
    await setup();
    const cases = [
      { acceptEncoding: 'gzip, deflate, br, zstd', encoding: 'br', body: 'brotli bytes' },
      { acceptEncoding: 'gzip, deflate', encoding: 'gzip', body: 'gzip bytes' },
      { acceptEncoding: undefined, encoding: null, body: SOURCE },
    ];
    for (const { acceptEncoding, encoding, body } of cases) {
      const res = await get(ASSET, acceptEncoding);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
      expect(await res.text()).toBe(body);
    }
  });

  it('answers HEAD with the size of the file it would send', async () => {
    await setup();
    const res = await t.request(ASSET, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-length')).toBe(String('brotli bytes'.length));
  });

  it('has the app shell and the service worker revalidated, and pages (which may carry the account) kept out of shared caches', async () => {
    await setup();
    for (const [url, cacheControl] of [
      ['/index.html', 'no-cache'],
      ['/sw.js', 'no-cache'],
      ['/', 'private, no-cache'],
      ['/books', 'private, no-cache'],
    ]) {
      const res = await get(url!, 'br, gzip');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe(cacheControl);
      expect(res.headers.get('content-encoding')).toBeNull();
    }
  });
});

describe('API responses', () => {
  it('gzips JSON of 1 KiB and more for clients that accept it, and sends smaller answers as they are', async () => {
    await setup();
    for (let n = 0; n < 12; n++) await saveStoreBook(t, { title: `A Long Enough Title Number ${n}`, description: '<p>Words to make the answer long.</p>' });
    const plain = await get('/api/store/search');
    const gzipped = await get('/api/store/search', 'gzip');
    expect(Number(plain.headers.get('content-length'))).toBeGreaterThan(1024);
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toContain('Accept-Encoding');
    expect(JSON.parse(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString('utf8'))).toEqual(await plain.json());
    expect(plain.headers.get('content-encoding')).toBeNull();
    // Under 1 KiB, compressing costs more than it saves: the answer leaves whole, with its length.
    const small = await get('/api/site', 'gzip');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(Number(small.headers.get('content-length'))).toBe((await small.arrayBuffer()).byteLength);
  });

  it('leaves the sync stream uncompressed, so each event leaves when it is written', async () => {
    await setup();
    const { cookie } = await buildSignedInUser(t.ctx);
    const res = await t.request('/api/sync/stream', { cookie, headers: { 'accept-encoding': 'gzip, br', [PROTOCOL_HEADER]: String(PROTOCOL_VERSION) } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('RESYNC');
    await reader.cancel();
  });
});
