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

export interface BlobInfo {
  hash: string;
  size: number;
  mediaType: string;
}

export class BlobStore {
  private readonly root: string;

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

  /** Store bytes; returns their hash. Idempotent: known bytes are neither rewritten nor re-rowed. */
  async put(bytes: Uint8Array, mediaType: string): Promise<string> {
    const hash = BlobStore.hashOf(bytes);
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
    return hash;
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
