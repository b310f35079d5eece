/**
 * Opens an EPUB's ZIP container with the import limits applied before inflating: every
 * central-directory entry (name, compressed and declared size) is checked first, and an entry is
 * inflated into a buffer of exactly the declared size, so a lying header cannot grow memory.
 *
 * `readZip` inflates every entry at once (fflate's unzipSync; manuscripts use it). `openZip`, the
 * book import's reader, only reads the central directory and inflates an entry when it is asked
 * for (decision 060): a 10,000-chapter book holds one chapter's text at a time, not all of them.
 * It is the one ZIP parser the bulk upload uses too (server/files/zip-archive.ts), on memory.
 */
import { unzipSync } from 'fflate';
import { centralDirectoryOf, entryOf, isUnsafeEntryName, type LazyZipEntry } from '../../files/zip-archive';
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

/**
 * The archive's central directory (server/files/zip-archive.ts), checked against the same caps;
 * entries are inflated one at a time by `get`, never kept.
 */
export function openZip(bytes: Uint8Array): ZipFiles {
  refuseOutright(bytes);
  const check = entryChecker();
  const entries = new Map<string, LazyZipEntry>();
  try {
    for (const entry of centralDirectoryOf(bytes)) {
      if (check({ name: entry.name, size: entry.compressedSize, originalSize: entry.size })) entries.set(entry.name, entry);
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
        return entryOf(bytes, entry);
      } catch {
        throw new EpubError('not_zip', DAMAGED);
      }
    },
  };
}
