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
 * Several instances share one database and one place for the bytes (a bucket, or a folder they
 * share), and a lock in memory orders only one process. So the order of the steps itself keeps
 * a blob from being lost (docs/decisions/063-shared-state-across-instances.md), on disk and on S3 alike:
 * - a release deletes the row and then the bytes inside one transaction, so until the bytes are
 *   gone the row's deletion is uncommitted and holds the row: another instance's put of the same
 *   hash waits at its INSERT (PostgreSQL waits on the deleted row, SQLite on the write lock), and
 *   then finds no bytes and writes them again;
 * - a put records the row before it looks for the bytes, and references the hash last: if a
 *   release slipped in between (it deleted the row and the bytes the put had found), the
 *   reference fails its foreign key and the put starts over.
 * Bytes written but no longer rowed may be left over in a race; they are only wasted space.
 *
 * The per-hash lock below is each store's (one per process: ctx.blobs). It is not what keeps
 * instances apart; it orders a process's own puts and releases of one hash, so within one process
 * a put that races a release always runs after it and leaves the blob stored.
 */
const CLAIM_ATTEMPTS = 3;

class HashLocks {
  private readonly locks = new Map<string, Promise<unknown>>();

  run<T>(hash: string, f: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(hash) ?? Promise.resolve();
    const run = previous.then(f, f);
    const tail = run.catch(() => {});
    this.locks.set(hash, tail);
    void tail.then(() => {
      if (this.locks.get(hash) === tail) this.locks.delete(hash);
    });
    return run;
  }
}

export interface BlobInfo {
  hash: string;
  size: number;
  mediaType: string;
}

export class BlobStore {
  private readonly releasedListeners: ((hash: string) => Promise<void>)[] = [];
  private readonly locks = new HashLocks();

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
    await this.locks.run(hash, () => this.claim(hash, bytes.byteLength, mediaType, () => this.bytes.write(hash, bytes), reference));
    return hash;
  }

  /**
   * Store a file's bytes without reading them whole (a bulk upload's archive); the caller has
   * hashed them while writing the file. Same idempotence as put.
   */
  async putFile(file: string, hash: string, size: number, mediaType: string): Promise<string> {
    if (!HASH.test(hash)) throw new Error('putFile needs the sha-256 of the file');
    await this.locks.run(hash, () => this.claim(hash, size, mediaType, () => this.bytes.writeFile(hash, file, size)));
    return hash;
  }

  /** Row, then bytes, then the reference; again if a release on another instance took the row meanwhile. */
  private async claim(hash: string, size: number, mediaType: string, write: () => Promise<void>, reference?: (hash: string) => Promise<void>) {
    for (let attempt = 1; ; attempt++) {
      const inserted = await this.db
        .insertInto('blobs')
        .values({ hash, size, mediaType, createdAt: this.now() })
        .onConflict((oc) => oc.column('hash').doNothing())
        .executeTakeFirst();
      try {
        if (!(await this.bytes.has(hash))) await write();
      } catch (error) {
        // No row for bytes that were never stored: take back the row this put made, unless
        // something references it already.
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) await this.forgetRow(hash);
        throw error;
      }
      if (!reference) return;
      try {
        return await reference(hash);
      } catch (error) {
        // Another foreign key, or a row that is still there, is the reference's own failure.
        if (attempt === CLAIM_ATTEMPTS || !isForeignKeyViolation(error) || (await this.info(hash))) throw error;
      }
    }
  }

  private async forgetRow(hash: string): Promise<void> {
    try {
      await this.db.deleteFrom('blobs').where('hash', '=', hash).execute();
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
    }
  }

  /**
   * Delete the blob if nothing references it any more; returns whether it was deleted. "Nothing"
   * is decided by the foreign keys every referencing table declares on blobs(hash): deleting the
   * row fails while one remains, so a new kind of reference needs no change here.
   */
  async release(hash: string): Promise<boolean> {
    if (!HASH.test(hash)) return false;
    const released = await this.locks.run(hash, async () => {
      try {
        // The bytes go before the row's deletion commits: see the comment at CLAIM_ATTEMPTS.
        return await this.db.transaction().execute(async (trx) => {
          const result = await trx.deleteFrom('blobs').where('hash', '=', hash).executeTakeFirst();
          if (Number(result.numDeletedRows) === 0) return false;
          await this.bytes.delete(hash);
          return true;
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) return false;
        throw error;
      }
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
