/**
 * Opens an EPUB's ZIP container with the import limits applied before inflating: every
 * central-directory entry (name, compressed and declared size) is checked first, and an entry is
 * inflated into a buffer of exactly the declared size, so a lying header cannot grow memory.
 *
 * `readZip` inflates every entry at once (fflate's unzipSync; manuscripts use it). `openZip`, the
 * book import's reader, only reads the central directory and inflates an entry when it is asked
 * for (decision 060): a 10,000-chapter book holds one chapter's text at a time, not all of them.
 */
import { inflateSync, strFromU8, unzipSync } from 'fflate';
import {
  EPUB_MAX_COMPRESSION_RATIO,
  EPUB_MAX_ENTRIES,
  EPUB_MAX_ENTRY_BYTES,
  EPUB_MAX_TOTAL_UNCOMPRESSED,
  EPUB_MAX_UPLOAD_BYTES,
  EPUB_RATIO_FREE_BYTES,
} from '../../limits';
import { EpubError } from './epub-error';

const MB = 1024 * 1024;

/** Names that could escape the book when used as paths: absolute, drive letters, `..`, backslashes. */
export function isUnsafeEntryName(name: string): boolean {
  if (name.includes('\\') || name.includes('\0') || name.startsWith('/') || /^[A-Za-z]:/.test(name)) return true;
  return name.split('/').some((segment) => segment === '..');
}

/** What the EPUB readers need of an archive: a Map of its entries, or an opened ZIP that inflates on demand. */
export interface ZipFiles {
  has(name: string): boolean;
  get(name: string): Uint8Array | undefined;
}

const DAMAGED = 'The file is not an EPUB: the ZIP archive is damaged or unreadable.';

function refuseOutright(bytes: Uint8Array): void {
  if (bytes.byteLength > EPUB_MAX_UPLOAD_BYTES) {
    throw new EpubError('too_large', `The file is larger than ${EPUB_MAX_UPLOAD_BYTES / MB} MB.`);
  }
  // "PK\3\4": every ZIP starts with a local file header (an empty archive is no book either).
  if (bytes.byteLength < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 3 || bytes[3] !== 4) {
    throw new EpubError('not_zip', 'The file is not an EPUB: it is not a ZIP archive.');
  }
}

/** The caps, entry by entry in central-directory order; returns whether the entry is a file (not a folder). */
function entryChecker() {
  let entries = 0;
  let total = 0;
  return (file: { name: string; size: number; originalSize: number }): boolean => {
    entries++;
    if (entries > EPUB_MAX_ENTRIES) {
      throw new EpubError('too_many_entries', `The archive has more than ${EPUB_MAX_ENTRIES} files.`);
    }
    if (isUnsafeEntryName(file.name)) {
      throw new EpubError('unsafe_path', `The archive contains an unsafe path: "${file.name.slice(0, 120)}".`);
    }
    if (file.originalSize > EPUB_MAX_ENTRY_BYTES) {
      throw new EpubError('entry_too_large', `"${file.name.slice(0, 120)}" is larger than ${EPUB_MAX_ENTRY_BYTES / MB} MB uncompressed.`);
    }
    total += file.originalSize;
    if (total > EPUB_MAX_TOTAL_UNCOMPRESSED) {
      throw new EpubError('zip_bomb', `The archive would unpack to more than ${EPUB_MAX_TOTAL_UNCOMPRESSED / MB} MB.`);
    }
    if (file.originalSize > EPUB_RATIO_FREE_BYTES && file.originalSize > file.size * EPUB_MAX_COMPRESSION_RATIO) {
      throw new EpubError('zip_bomb', `"${file.name.slice(0, 120)}" is compressed suspiciously well (a zip bomb?).`);
    }
    return !file.name.endsWith('/');
  };
}

export function readZip(bytes: Uint8Array): Map<string, Uint8Array> {
  refuseOutright(bytes);
  const filter = entryChecker();
  let raw: Record<string, Uint8Array>;
  try {
    raw = unzipSync(bytes, { filter });
  } catch (error) {
    if (error instanceof EpubError) throw error;
    throw new EpubError('not_zip', DAMAGED);
  }
  const files = new Map<string, Uint8Array>();
  for (const [name, data] of Object.entries(raw)) files.set(name, data);
  return files;
}

interface ZipEntry {
  compression: number;
  /** Compressed and declared (uncompressed) size. */
  size: number;
  originalSize: number;
  /** Where the entry's local header starts. */
  offset: number;
}

const u16 = (d: Uint8Array, at: number) => d[at]! | (d[at + 1]! << 8);
const u32 = (d: Uint8Array, at: number) => (d[at]! | (d[at + 1]! << 8) | (d[at + 2]! << 16) | (d[at + 3]! << 24)) >>> 0;
const u64 = (d: Uint8Array, at: number) => u32(d, at) + u32(d, at + 4) * 2 ** 32;
const MAX32 = 0xffffffff;

/**
 * The archive's central directory, read as fflate's unzipSync reads it (ZIP64 included) and
 * checked against the same caps; entries are inflated one at a time by `get`, never kept.
 */
export function openZip(bytes: Uint8Array): ZipFiles {
  refuseOutright(bytes);
  const check = entryChecker();
  const entries = new Map<string, ZipEntry>();
  try {
    let end = bytes.length - 22;
    while (u32(bytes, end) !== 0x06054b50) {
      if (end <= 0 || bytes.length - end > 65558) throw new Error('no end of central directory');
      end--;
    }
    let count = u16(bytes, end + 8);
    let at = u32(bytes, end + 16);
    const zip64 = end >= 20 && u32(bytes, end - 20) === 0x07064b50 && u32(bytes, u32(bytes, end - 12)) === 0x06064b50;
    if (zip64) {
      const end64 = u32(bytes, end - 12);
      count = u32(bytes, end64 + 32);
      at = u32(bytes, end64 + 48);
    }
    for (let i = 0; i < count; i++) {
      if (u32(bytes, at) !== 0x02014b50) throw new Error('bad central directory entry');
      const nameLength = u16(bytes, at + 28);
      const extraLength = u16(bytes, at + 30);
      const name = strFromU8(bytes.subarray(at + 46, at + 46 + nameLength), !(u16(bytes, at + 8) & 2048));
      let size = u32(bytes, at + 20);
      let originalSize = u32(bytes, at + 24);
      let offset = u32(bytes, at + 42);
      if (zip64 && (size === MAX32 || originalSize === MAX32 || offset === MAX32)) {
        // The ZIP64 extra field holds the values that did not fit, in this order.
        for (let x = at + 46 + nameLength; x + 4 < at + 46 + nameLength + extraLength; x += 4 + u16(bytes, x + 2)) {
          if (u16(bytes, x) !== 1) continue;
          let field = x + 4;
          if (originalSize === MAX32) {
            originalSize = u64(bytes, field);
            field += 8;
          }
          if (size === MAX32) {
            size = u64(bytes, field);
            field += 8;
          }
          if (offset === MAX32) offset = u64(bytes, field);
          break;
        }
      }
      const compression = u16(bytes, at + 10);
      at += 46 + nameLength + extraLength + u16(bytes, at + 32);
      if (!check({ name, size, originalSize })) continue;
      if (compression !== 0 && compression !== 8) throw new Error(`unknown compression type ${compression}`);
      entries.set(name, { compression, size, originalSize, offset });
    }
  } catch (error) {
    if (error instanceof EpubError) throw error;
    throw new EpubError('not_zip', DAMAGED);
  }
  return {
    has: (name) => entries.has(name),
    get(name) {
      const entry = entries.get(name);
      if (!entry) return undefined;
      try {
        if (u32(bytes, entry.offset) !== 0x04034b50) throw new Error('bad local header');
        const start = entry.offset + 30 + u16(bytes, entry.offset + 26) + u16(bytes, entry.offset + 28);
        const data = bytes.subarray(start, start + entry.size);
        return entry.compression === 0 ? data.slice() : inflateSync(data, { out: new Uint8Array(entry.originalSize) });
      } catch {
        throw new EpubError('not_zip', DAMAGED);
      }
    },
  };
}
