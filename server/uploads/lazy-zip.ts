/**
 * A ZIP read from where it is kept — a temp file or a stored blob — without holding it: the end
 * record and the central directory are read first (names, sizes, offsets; nothing inflated), then
 * one entry at a time is read at its offset and inflated into at most its declared size. Used for
 * the bulk upload's archive (up to 200 MB); EPUBs themselves are small and read in memory
 * (server/books/epub/read-zip.ts), so the two may be unified later.
 */
import fs from 'node:fs';
import { crc32, inflateRawSync } from 'node:zlib';
import type { BlobStore } from '../files/blob-store';

/** Reads `length` bytes at `start` (fewer only at the end of the source). */
export interface ByteSource {
  readonly size: number;
  read(start: number, length: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface LazyZipEntry {
  name: string;
  /** Declared uncompressed size. */
  size: number;
  compressedSize: number;
  method: number;
  crc: number;
  encrypted: boolean;
  localOffset: number;
}

export class ZipFormatError extends Error {}

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The end record plus the longest comment it may carry. */
const TAIL = 22 + 0xffff;
/** A central directory bigger than this is no archive of books and covers. */
const MAX_DIRECTORY_BYTES = 32 * 1024 * 1024;
/** Bytes read past a local header for its name and extra field. */
const LOCAL_SLACK = 1024;

const u64 = (v: DataView, at: number) => Number(v.getBigUint64(at, true));

/** A file opened for random reads. */
export async function fileSource(file: string): Promise<ByteSource> {
  const handle = await fs.promises.open(file, 'r');
  const { size } = await handle.stat();
  return {
    size,
    async read(start, length) {
      const out = Buffer.alloc(Math.max(0, Math.min(length, size - start)));
      let done = 0;
      while (done < out.byteLength) {
        const { bytesRead } = await handle.read(out, done, out.byteLength - done, start + done);
        if (bytesRead === 0) break;
        done += bytesRead;
      }
      return out.subarray(0, done);
    },
    close: () => handle.close(),
  };
}

/** A stored blob read in ranges (a ranged read on disk or a ranged GET on S3); null when missing. */
export async function blobSource(blobs: BlobStore, hash: string): Promise<ByteSource | null> {
  const info = await blobs.info(hash);
  if (!info) return null;
  const probe = await blobs.stream(hash, { start: 0, end: 0 });
  if (!probe) return null;
  probe.body.destroy();
  const size = probe.size;
  return {
    size,
    async read(start, length) {
      const end = Math.min(size, start + length) - 1;
      if (end < start) return new Uint8Array(0);
      const part = await blobs.stream(hash, { start, end });
      if (!part) throw new ZipFormatError('The archive is no longer stored.');
      const chunks: Buffer[] = [];
      for await (const chunk of part.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    close: async () => {},
  };
}

function decodeName(bytes: Uint8Array, utf8: boolean): string {
  return utf8 ? new TextDecoder('utf-8').decode(bytes) : Buffer.from(bytes).toString('latin1');
}

/** The archive's entries from its central directory; ZipFormatError when it is not a readable ZIP. */
export async function readCentralDirectory(source: ByteSource): Promise<LazyZipEntry[]> {
  const tailStart = Math.max(0, source.size - TAIL);
  const tail = await source.read(tailStart, source.size - tailStart);
  const tv = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  let at = -1;
  for (let i = tail.byteLength - 22; i >= 0; i--) {
    if (tv.getUint32(i, true) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipFormatError('No end of central directory record.');
  let count = tv.getUint16(at + 10, true);
  let dirSize = tv.getUint32(at + 12, true);
  let dirOffset = tv.getUint32(at + 16, true);
  if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
    // ZIP64: the locator sits just before the end record and points at the ZIP64 end record.
    if (at < 20 || tv.getUint32(at - 20, true) !== EOCD64_LOCATOR) throw new ZipFormatError('A ZIP64 archive without its locator.');
    const rec = await source.read(u64(tv, at - 20 + 8), 56);
    const rv = new DataView(rec.buffer, rec.byteOffset, rec.byteLength);
    if (rec.byteLength < 56 || rv.getUint32(0, true) !== EOCD64) throw new ZipFormatError('A damaged ZIP64 end record.');
    count = u64(rv, 32);
    dirSize = u64(rv, 40);
    dirOffset = u64(rv, 48);
  }
  if (dirSize > MAX_DIRECTORY_BYTES || dirOffset + dirSize > source.size) throw new ZipFormatError('The central directory is damaged.');
  const dir = await source.read(dirOffset, dirSize);
  const dv = new DataView(dir.buffer, dir.byteOffset, dir.byteLength);
  const entries: LazyZipEntry[] = [];
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > dir.byteLength || dv.getUint32(p, true) !== CENTRAL) throw new ZipFormatError('The central directory is damaged.');
    const flags = dv.getUint16(p + 8, true);
    const nameLength = dv.getUint16(p + 28, true);
    const extraLength = dv.getUint16(p + 30, true);
    const commentLength = dv.getUint16(p + 32, true);
    if (p + 46 + nameLength + extraLength > dir.byteLength) throw new ZipFormatError('The central directory is damaged.');
    const entry: LazyZipEntry = {
      name: decodeName(dir.subarray(p + 46, p + 46 + nameLength), (flags & 0x800) !== 0),
      method: dv.getUint16(p + 10, true),
      crc: dv.getUint32(p + 16, true),
      compressedSize: dv.getUint32(p + 20, true),
      size: dv.getUint32(p + 24, true),
      localOffset: dv.getUint32(p + 42, true),
      encrypted: (flags & 1) !== 0,
    };
    // ZIP64 extra field: the 64-bit values, in this order, for each 32-bit field that is all ones.
    for (let e = p + 46 + nameLength; e + 4 <= p + 46 + nameLength + extraLength;) {
      const id = dv.getUint16(e, true);
      const length = dv.getUint16(e + 2, true);
      if (id === 0x0001) {
        let q = e + 4;
        const next = () => {
          const v = q + 8 <= e + 4 + length ? u64(dv, q) : -1;
          q += 8;
          return v;
        };
        if (entry.size === 0xffffffff) entry.size = next();
        if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
        if (entry.localOffset === 0xffffffff) entry.localOffset = next();
        if (entry.size < 0 || entry.compressedSize < 0 || entry.localOffset < 0) throw new ZipFormatError('A damaged ZIP64 entry.');
      }
      e += 4 + length;
    }
    entries.push(entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * One entry's bytes, inflated into at most its declared size (a lying header cannot grow memory)
 * and checked against its CRC; ZipFormatError when it cannot be read.
 */
export async function readEntry(source: ByteSource, entry: LazyZipEntry): Promise<Uint8Array> {
  if (entry.encrypted) throw new ZipFormatError(`${entry.name} is encrypted.`);
  // One read for the local header and the data when its name and extra field fit the slack (they
  // nearly always do): on S3 each read is a request.
  const first = await source.read(entry.localOffset, 30 + LOCAL_SLACK + entry.compressedSize);
  const hv = new DataView(first.buffer, first.byteOffset, first.byteLength);
  if (first.byteLength < 30 || hv.getUint32(0, true) !== LOCAL) throw new ZipFormatError(`${entry.name}: damaged local header.`);
  const skip = 30 + hv.getUint16(26, true) + hv.getUint16(28, true);
  if (entry.localOffset + skip + entry.compressedSize > source.size) throw new ZipFormatError(`${entry.name} runs past the end of the archive.`);
  const packed =
    skip + entry.compressedSize <= first.byteLength
      ? first.subarray(skip, skip + entry.compressedSize)
      : await source.read(entry.localOffset + skip, entry.compressedSize);
  let out: Uint8Array;
  if (entry.method === 0) out = packed;
  else if (entry.method === 8) {
    try {
      out = inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.size) });
    } catch {
      throw new ZipFormatError(`${entry.name} cannot be inflated (damaged, or larger than it says).`);
    }
  } else throw new ZipFormatError(`${entry.name} uses a compression method Quire cannot read (${entry.method}).`);
  if (out.byteLength !== entry.size || crc32(out) !== entry.crc) throw new ZipFormatError(`${entry.name} is damaged (size or checksum).`);
  return out;
}
