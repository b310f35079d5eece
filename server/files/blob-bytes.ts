/**
 * Where a blob's bytes are kept, behind the few operations BlobStore needs: the folder on disk
 * (disk-bytes.ts, the default) or an S3-compatible bucket (s3-bytes.ts). Both name a blob by its
 * sha-256 hex, filed under its first two characters; the hash check happens in BlobStore.
 */
import type { Readable } from 'node:stream';

/** Inclusive byte offsets, as in an HTTP Range header; `end` past the last byte means "to the end". */
export interface ByteRange {
  start: number;
  end: number;
}

export interface BlobBytes {
  /** What /__probe shows: "disk" or "S3 <bucket>". */
  readonly describe: string;
  has(hash: string): Promise<boolean>;
  /** Store bytes under their hash; overwriting is harmless (the same hash means the same bytes). */
  write(hash: string, bytes: Uint8Array): Promise<void>;
  /** The same from a file of `size` bytes, streamed rather than read whole (large uploads). */
  writeFile(hash: string, file: string, size: number): Promise<void>;
  /** The whole blob, or null when it is missing. */
  read(hash: string): Promise<Buffer | null>;
  /** A stream of the blob (or of one range of it) and its total size, or null when missing. */
  stream(hash: string, range?: ByteRange): Promise<{ body: Readable; size: number } | null>;
  /** Forget the bytes; missing already is fine. */
  delete(hash: string): Promise<void>;
}

/** `ab/abcdef…`: the path below the blobs folder or key prefix. */
export function blobPath(hash: string): string {
  return `${hash.slice(0, 2)}/${hash}`;
}
