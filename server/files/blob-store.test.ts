import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../test/test-context';
import { BlobStore } from './blob-store';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(() => t.close());

describe('BlobStore', () => {
  it('stores bytes under their sha-256 and reads them back', async () => {
    const store = new BlobStore(t.ctx.db, t.config.dataDir);
    const bytes = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const hash = await store.put(bytes, 'image/svg+xml');
    expect(hash).toBe(BlobStore.hashOf(bytes));
    expect(fs.existsSync(path.join(t.config.dataDir, 'blobs', hash.slice(0, 2), hash))).toBe(true);
    expect((await store.read(hash))?.toString()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(await store.info(hash)).toEqual({ hash, size: bytes.byteLength, mediaType: 'image/svg+xml' });
  });

  it('is idempotent: the same bytes give the same hash and one row', async () => {
    const store = new BlobStore(t.ctx.db, t.config.dataDir);
    const bytes = new Uint8Array([1, 2, 3]);
    const a = await store.put(bytes, 'application/octet-stream');
    const b = await store.put(bytes, 'application/octet-stream');
    expect(a).toBe(b);
    const rows = await t.ctx.db.selectFrom('blobs').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(await store.put(new Uint8Array([1, 2, 4]), 'application/octet-stream')).not.toBe(a);
  });

  it('answers null for unknown or malformed hashes instead of touching the file system', async () => {
    const store = new BlobStore(t.ctx.db, t.config.dataDir);
    expect(await store.read('0'.repeat(64))).toBeNull();
    expect(await store.read('../../etc/passwd')).toBeNull();
    expect(await store.info('nope')).toBeNull();
    expect(store.stream('nope')).toBeNull();
  });
});
