/**
 * Content-addressed files under `<dataDir>/blobs/ab/<sha256>`, one `blobs` row each. The same
 * bytes always get the same hash, so storing twice is a no-op and a hash can be cached forever.
 * This is the one module that knows where bytes live (the S3 seam of ARCHITECTURE.md).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { DB } from '../db/connection';

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

function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

export interface BlobInfo {
  hash: string;
  size: number;
  mediaType: string;
}

export class BlobStore {
  private readonly root: string;
  private readonly releasedListeners: ((hash: string) => Promise<void>)[] = [];

  constructor(
    private readonly db: DB,
    dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.root = path.join(dataDir, 'blobs');
  }

  static hashOf(bytes: Uint8Array): string {
    return createHash('sha256').update(bytes).digest('hex');
  }

  private fileOf(hash: string): string {
    if (!HASH.test(hash)) throw new Error(`Not a blob hash: ${hash}`);
    return path.join(this.root, hash.slice(0, 2), hash);
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

  private async store(hash: string, bytes: Uint8Array, mediaType: string): Promise<void> {
    const file = this.fileOf(hash);
    if (!fs.existsSync(file)) {
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a crash never leaves a truncated file under a valid hash.
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.promises.writeFile(tmp, bytes);
      await fs.promises.rename(tmp, file);
    }
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
      await fs.promises.rm(this.fileOf(hash), { force: true });
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

  /** The bytes, or null when the hash is unknown or its file is gone. */
  async read(hash: string): Promise<Buffer | null> {
    if (!HASH.test(hash)) return null;
    try {
      return await fs.promises.readFile(this.fileOf(hash));
    } catch {
      return null;
    }
  }

  /** A stream of the bytes for large files, or null when missing. */
  stream(hash: string): Readable | null {
    if (!HASH.test(hash)) return null;
    const file = this.fileOf(hash);
    return fs.existsSync(file) ? fs.createReadStream(file) : null;
  }
}
