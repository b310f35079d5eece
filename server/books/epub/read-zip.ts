/**
 * Opens an EPUB's ZIP container with the import limits applied before inflating: fflate's
 * filter sees each central-directory entry (name, compressed and declared size) first, and
 * inflates into a buffer of exactly the declared size, so a lying header cannot grow memory.
 */
import { unzipSync } from 'fflate';
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

export function readZip(bytes: Uint8Array): Map<string, Uint8Array> {
  if (bytes.byteLength > EPUB_MAX_UPLOAD_BYTES) {
    throw new EpubError('too_large', `The file is larger than ${EPUB_MAX_UPLOAD_BYTES / MB} MB.`);
  }
  // "PK\3\4": every ZIP starts with a local file header (an empty archive is no book either).
  if (bytes.byteLength < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 3 || bytes[3] !== 4) {
    throw new EpubError('not_zip', 'The file is not an EPUB: it is not a ZIP archive.');
  }
  let entries = 0;
  let total = 0;
  let raw: Record<string, Uint8Array>;
  try {
    raw = unzipSync(bytes, {
      filter(file) {
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
      },
    });
  } catch (error) {
    if (error instanceof EpubError) throw error;
    throw new EpubError('not_zip', 'The file is not an EPUB: the ZIP archive is damaged or unreadable.');
  }
  const files = new Map<string, Uint8Array>();
  for (const [name, data] of Object.entries(raw)) files.set(name, data);
  return files;
}
