/**
 * Content-addressed files, one `blobs` row each, their bytes kept by a BlobBytes (the folder on
 * disk or an S3 bucket, chosen once in server.ts). The same bytes always get the same hash, so
 * storing twice is a no-op and a hash can be cached forever. Callers know hashes, never places.
 */
import { createHash } from 'node:crypto';
import type { DB } from '../db/connection';
import { isForeignKeyViolation } from '../db/errors';
import type { BlobBytes, ByteRange } from './blob-bytes';

const HASH = /^[0-9a-f]{64}$/;

/**
 * Per-hash critical sections, process-wide: storing bytes plus recording the row that references
 * them must not interleave with releasing the same hash, or a release could delete a file that an
 * upload just decided to reuse. One server process owns the data directory, so memory suffices.
 */
const locks = new Map<string, Promise<unknown>>();
function withHashLock<T>(hash: string, f: () => Promise<T>): Promise<T> {
  const previous = locks.get(hash) ?? Promise.resolve();
  const run = previous.then(f, f);
  const tail = run.catch(() => {});
  locks.set(hash, tail);
  void tail.then(() => {
    if (locks.get(hash) === tail) locks.delete(hash);
  });
  return run;
}

export interface BlobInfo {
  hash: string;
  size: number;
  mediaType: string;
}

export class BlobStore {
  private readonly releasedListeners: ((hash: string) => Promise<void>)[] = [];

  constructor(
    private readonly db: DB,
    private readonly bytes: BlobBytes,
    private readonly now: () => number = Date.now,
  ) {}

  static hashOf(bytes: Uint8Array): string {
    return createHash('sha256').update(bytes).digest('hex');
  }

  /** Where the bytes are kept, for /__probe: "disk" or "S3 <bucket>". */
  get describe(): string {
    return this.bytes.describe;
  }

  /**
   * Store bytes; returns their hash. Idempotent: known bytes are neither rewritten nor re-rowed.
   * `reference` runs before anyone may release the hash again: insert the row that uses it there.
   */
  async put(bytes: Uint8Array, mediaType: string, reference?: (hash: string) => Promise<void>): Promise<string> {
    const hash = BlobStore.hashOf(bytes);
    return withHashLock(hash, async () => {
      await this.store(hash, bytes, mediaType);
      if (reference) await reference(hash);
      return hash;
    });
  }

  /**
   * Store a file's bytes without reading them whole (a bulk upload's archive); the caller has
   * hashed them while writing the file. Same idempotence as put.
   */
  async putFile(file: string, hash: string, size: number, mediaType: string): Promise<string> {
    if (!HASH.test(hash)) throw new Error('putFile needs the sha-256 of the file');
    return withHashLock(hash, async () => {
      if (!(await this.bytes.has(hash))) await this.bytes.writeFile(hash, file, size);
      await this.db
        .insertInto('blobs')
        .values({ hash, size, mediaType, createdAt: this.now() })
        .onConflict((oc) => oc.column('hash').doNothing())
        .execute();
      return hash;
    });
  }

  private async store(hash: string, bytes: Uint8Array, mediaType: string): Promise<void> {
    if (!(await this.bytes.has(hash))) await this.bytes.write(hash, bytes);
    await this.db
      .insertInto('blobs')
      .values({ hash, size: bytes.byteLength, mediaType, createdAt: this.now() })
      .onConflict((oc) => oc.column('hash').doNothing())
      .execute();
  }

  /**
   * Delete the blob if nothing references it any more; returns whether it was deleted. "Nothing"
   * is decided by the foreign keys every referencing table declares on blobs(hash): deleting the
   * row fails while one remains, so a new kind of reference needs no change here.
   */
  async release(hash: string): Promise<boolean> {
    if (!HASH.test(hash)) return false;
    const released = await withHashLock(hash, async () => {
      try {
        const result = await this.db.deleteFrom('blobs').where('hash', '=', hash).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
      } catch (error) {
        if (isForeignKeyViolation(error)) return false;
        throw error;
      }
      await this.bytes.delete(hash);
      return true;
    });
    if (released) for (const listener of this.releasedListeners) await listener(hash);
    return released;
  }

  /** Run after a blob is deleted, for what was derived from its bytes (server/images drops its variants). */
  onReleased(listener: (hash: string) => Promise<void>): void {
    this.releasedListeners.push(listener);
  }

  async info(hash: string): Promise<BlobInfo | null> {
    if (!HASH.test(hash)) return null;
    const row = await this.db.selectFrom('blobs').select(['hash', 'size', 'mediaType']).where('hash', '=', hash).executeTakeFirst();
    return row ?? null;
  }

  /** The bytes, or null when the hash is unknown or its bytes are gone. */
  async read(hash: string): Promise<Buffer | null> {
    return HASH.test(hash) ? this.bytes.read(hash) : null;
  }

  /** A stream of the bytes (or of one range) for large files, with the blob's size; null when missing. */
  async stream(hash: string, range?: ByteRange) {
    return HASH.test(hash) ? this.bytes.stream(hash, range) : null;
  }
}
