import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../test/s3-stand-in';
import { startS3rver, type LocalS3 } from '../test/s3rver';
import { buildTestContext, type TestContext } from '../test/test-context';
import type { BlobBytes } from './blob-bytes';
import { isForeignKeyViolation } from '../db/errors';
import { BlobStore } from './blob-store';
import { DiskBytes } from './disk-bytes';
import { S3Bytes } from './s3-bytes';

async function text(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

let t: TestContext;
let s3: S3StandIn;
let s3rver: LocalS3;
beforeEach(async () => {
  t = await buildTestContext();
  [s3, s3rver] = await Promise.all([startS3StandIn(), startS3rver()]);
});
afterEach(async () => {
  await t.close();
  await Promise.all([s3.close(), s3rver.close()]);
});

/** Each backend, and how a test sees whether it holds a blob's bytes without going through it. */
const backends: { name: string; bytes: () => BlobBytes; holds: (hash: string) => boolean }[] = [
  {
    name: 'disk',
    bytes: () => new DiskBytes(t.config.dataDir),
    holds: (hash) => fs.existsSync(path.join(t.config.dataDir, 'blobs', hash.slice(0, 2), hash)),
  },
  { name: 'S3', bytes: () => new S3Bytes(s3.config), holds: (hash) => s3.objects.has(`blobs/${hash.slice(0, 2)}/${hash}`) },
  // A real S3-compatible server (npm's s3rver), where the stand-in above speaks only what the adapter asks.
  { name: 'S3 (s3rver)', bytes: () => new S3Bytes(s3rver.config), holds: (hash) => s3rver.holds(`blobs/${hash.slice(0, 2)}/${hash}`) },
];

describe.each(backends)('BlobStore on $name', ({ bytes, holds }) => {
  it('stores bytes under their sha-256 and reads them back', async () => {
    const store = new BlobStore(t.ctx.db, bytes());
    const content = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const hash = await store.put(content, 'image/svg+xml');
    expect(hash).toBe(BlobStore.hashOf(content));
    expect(holds(hash)).toBe(true);
    expect((await store.read(hash))?.toString()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(await store.info(hash)).toEqual({ hash, size: content.byteLength, mediaType: 'image/svg+xml' });
  });

  it('stores a file streamed (putFile) under the hash given, the same as put would', async () => {
    const store = new BlobStore(t.ctx.db, bytes());
    const content = new Uint8Array(300_000).map((_, i) => (i * 7) % 251);
    const file = path.join(t.config.dataDir, 'upload.bin');
    fs.writeFileSync(file, content);
    const hash = BlobStore.hashOf(content);
    expect(await store.putFile(file, hash, content.byteLength, 'application/zip')).toBe(hash);
    expect(holds(hash)).toBe(true);
    expect(Buffer.from((await store.read(hash))!).equals(Buffer.from(content))).toBe(true);
    expect(await store.info(hash)).toEqual({ hash, size: content.byteLength, mediaType: 'application/zip' });
    expect(await store.put(content, 'application/zip')).toBe(hash);
    expect(await t.ctx.db.selectFrom('blobs').selectAll().execute()).toHaveLength(1);
    await expect(store.putFile(file, 'not-a-hash', 1, 'application/zip')).rejects.toThrow(/sha-256/);
  });

  it('is idempotent: the same bytes give the same hash and one row', async () => {
    const store = new BlobStore(t.ctx.db, bytes());
    const content = new Uint8Array([1, 2, 3]);
    const a = await store.put(content, 'application/octet-stream');
    const b = await store.put(content, 'application/octet-stream');
    expect(a).toBe(b);
    const rows = await t.ctx.db.selectFrom('blobs').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(await store.put(new Uint8Array([1, 2, 4]), 'application/octet-stream')).not.toBe(a);
  });

  it('answers null for unknown or malformed hashes instead of touching the store', async () => {
    const store = new BlobStore(t.ctx.db, bytes());
    const before = s3.requests.length;
    expect(await store.read('../../etc/passwd')).toBeNull();
    expect(await store.info('nope')).toBeNull();
    expect(await store.stream('nope')).toBeNull();
    expect(s3.requests).toHaveLength(before);
    expect(await store.read('0'.repeat(64))).toBeNull();
    expect(await store.stream('0'.repeat(64))).toBeNull();
  });

  it('streams the whole blob or one range of it, with the total size', async () => {
    const store = new BlobStore(t.ctx.db, bytes());
    const hash = await store.put(new TextEncoder().encode('0123456789'), 'text/plain');
    const whole = await store.stream(hash);
    expect(whole?.size).toBe(10);
    expect(await text(whole!.body)).toBe('0123456789');
    const part = await store.stream(hash, { start: 3, end: 5 });
    expect(part?.size).toBe(10);
    expect(await text(part!.body)).toBe('345');
  });

  it('releases unreferenced bytes once, telling its listeners, and a later put stores them again', async () => {
    const store = new BlobStore(t.ctx.db, bytes());
    const released: string[] = [];
    store.onReleased(async (hash) => {
      released.push(hash);
    });
    const content = new TextEncoder().encode('release me');
    const hash = await store.put(content, 'text/plain');
    expect(await store.release(hash)).toBe(true);
    expect(holds(hash)).toBe(false);
    expect(await store.info(hash)).toBeNull();
    expect(await store.release(hash)).toBe(false);
    expect(released).toEqual([hash]);

    await store.put(content, 'text/plain');
    expect(holds(hash)).toBe(true);
  });

  it('keeps bytes that a put reuses while a release of the same hash is under way', async () => {
    const store = new BlobStore(t.ctx.db, bytes());
    const content = new TextEncoder().encode('contended');
    const hash = await store.put(content, 'text/plain');
    // Within one process the release and the second put are serialised by the store's hash lock:
    // the put runs after the release and writes the bytes again, so its row never points at
    // deleted bytes. (Across instances the order of the steps does it: the tests below.)
    const [wasReleased] = await Promise.all([store.release(hash), store.put(content, 'text/plain')]);
    expect(wasReleased).toBe(true);
    expect(holds(hash)).toBe(true);
    expect(await store.info(hash)).not.toBeNull();
  });
});

/** `inner`, with some of its steps replaced. */
function withSteps(inner: BlobBytes, steps: Partial<BlobBytes>): BlobBytes {
  return {
    describe: inner.describe,
    has: (hash) => inner.has(hash),
    write: (hash, data) => inner.write(hash, data),
    writeFile: (hash, file, size) => inner.writeFile(hash, file, size),
    read: (hash) => inner.read(hash),
    stream: (hash, range) => inner.stream(hash, range),
    delete: (hash) => inner.delete(hash),
    ...steps,
  };
}

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * Two instances, as two stores on one database and one place for the bytes, each with the lock of
 * its own process. The reference is an image variant's row: its foreign key holds the blob.
 */
describe.each(backends)('two instances sharing a BlobStore on $name', ({ bytes, holds }) => {
  let variants = 0;
  const referenceFrom = (hash: string) =>
    t.ctx.db
      .insertInto('imageVariants')
      .values({ sourceHash: `source-${++variants}`, width: 100, format: 'webp', state: 'done', blobHash: hash, createdAt: 1, updatedAt: 1 })
      .execute()
      .then(() => undefined);
  const referenced = async (hash: string) => (await t.ctx.db.selectFrom('imageVariants').select('id').where('blobHash', '=', hash).execute()).length;

  it('keeps the blob that A references while B is releasing it', async () => {
    const content = new TextEncoder().encode('released on B, reused on A');
    const deleting = gate();
    const mayDelete = gate();
    const onB = bytes();
    const a = new BlobStore(t.ctx.db, bytes());
    const b = new BlobStore(
      t.ctx.db,
      withSteps(onB, {
        delete: async (hash) => {
          deleting.open();
          await mayDelete.opened;
          await onB.delete(hash);
        },
      }),
    );
    const hash = await a.put(content, 'text/plain');
    const releasing = b.release(hash);
    await deleting.opened; // B deleted the row and is about to delete the bytes
    const putting = a.put(content, 'text/plain', referenceFrom);
    setTimeout(mayDelete.open, 50);
    expect(await releasing).toBe(true);
    expect(await putting).toBe(hash);
    expect(await referenced(hash)).toBe(1);
    expect(await a.info(hash)).not.toBeNull();
    expect(holds(hash)).toBe(true);
  });

  it('stores the bytes again when B released them after A found them, before A referenced them', async () => {
    const content = new TextEncoder().encode('found on A, released on B');
    const found = gate();
    const mayGoOn = gate();
    const onA = bytes();
    let checks = 0;
    const a = new BlobStore(
      t.ctx.db,
      withSteps(onA, {
        has: async (hash) => {
          const has = await onA.has(hash);
          if (++checks === 1) {
            found.open();
            await mayGoOn.opened;
          }
          return has;
        },
      }),
    );
    const b = new BlobStore(t.ctx.db, bytes());
    const hash = await b.put(content, 'text/plain');
    const putting = a.put(content, 'text/plain', referenceFrom);
    await found.opened; // A holds the row it found and has seen the bytes
    expect(await b.release(hash)).toBe(true);
    expect(holds(hash)).toBe(false);
    mayGoOn.open();
    expect(await putting).toBe(hash);
    expect(await referenced(hash)).toBe(1);
    expect(holds(hash)).toBe(true);
    expect((await b.read(hash))?.toString()).toBe('found on A, released on B');
  });

  it('still fails a reference whose own foreign key is wrong, without retrying it', async () => {
    const a = new BlobStore(t.ctx.db, bytes());
    let calls = 0;
    const broken = async () => {
      calls += 1;
      await t.ctx.db
        .insertInto('bookAssets')
        .values({ bookId: 'no-such-book', path: 'x', mediaType: 'text/plain', blobHash: BlobStore.hashOf(new Uint8Array([9])) })
        .execute();
    };
    await expect(a.put(new Uint8Array([9]), 'text/plain', broken)).rejects.toSatisfy(isForeignKeyViolation);
    expect(calls).toBe(1);
  });
});

describe('S3Bytes against the stand-in', () => {
  it('files each blob under blobs/ab/<sha256> and signs every request with AWS Signature Version 4 and the configured secret', async () => {
    const store = new BlobStore(t.ctx.db, new S3Bytes(s3.config));
    const hash = await store.put(new TextEncoder().encode('signed'), 'text/plain');
    await store.read(hash);
    expect(s3.requests.map((r) => `${r.method} ${r.key}`)).toEqual([
      `HEAD blobs/${hash.slice(0, 2)}/${hash}`,
      `PUT blobs/${hash.slice(0, 2)}/${hash}`,
      `GET blobs/${hash.slice(0, 2)}/${hash}`,
    ]);
    for (const { authorization } of s3.requests) {
      expect(authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=QUIRETESTKEY\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=[^,]*x-amz-content-sha256[^,]*, Signature=[0-9a-f]{64}$/,
      );
    }
    // The stand-in checked each signature and body; another secret or no signature is refused.
    const forged = new BlobStore(t.ctx.db, new S3Bytes({ ...s3.config, secretAccessKey: 'not-the-secret' }));
    await expect(forged.read(hash)).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    const unsigned = await fetch(`${s3.config.endpoint}/${s3.config.bucket}/blobs/${hash.slice(0, 2)}/${hash}`);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('treats a missing object as not found: the row stays, the bytes answer null', async () => {
    const store = new BlobStore(t.ctx.db, new S3Bytes(s3.config));
    const hash = await store.put(new TextEncoder().encode('going missing'), 'text/plain');
    s3.objects.clear();
    expect(await store.read(hash)).toBeNull();
    expect(await store.stream(hash)).toBeNull();
    expect(await store.info(hash)).not.toBeNull();
    // A put of the same bytes heals it: the store checks the object, not just the row.
    await store.put(new TextEncoder().encode('going missing'), 'text/plain');
    expect((await store.read(hash))?.toString()).toBe('going missing');
  });

  it('asks S3 for just the range it streams', async () => {
    const store = new BlobStore(t.ctx.db, new S3Bytes(s3.config));
    const hash = await store.put(new TextEncoder().encode('abcdefghij'), 'text/plain');
    const part = await store.stream(hash, { start: 8, end: 20 });
    expect(part?.size).toBe(10);
    expect(await text(part!.body)).toBe('ij');
    expect(s3.requests.at(-1)).toMatchObject({ method: 'GET', range: 'bytes=8-20' });
  });

  it('fails loudly when the bucket is wrong rather than losing the bytes', async () => {
    const store = new BlobStore(t.ctx.db, new S3Bytes({ ...s3.config, bucket: 'no-such-bucket' }));
    await expect(store.put(new TextEncoder().encode('nowhere'), 'text/plain')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    expect(await t.ctx.db.selectFrom('blobs').selectAll().execute()).toHaveLength(0);
  });
});
