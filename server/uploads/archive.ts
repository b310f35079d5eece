/**
 * The ZIP of EPUBs and covers sent with a metadata file, never held whole: it is written to a temp
 * file as it arrives, only its central directory is read then (names and declared sizes, nothing
 * inflated), and the import job reads each row's files one at a time from the stored blob
 * (server/files/zip-archive.ts); an entry declaring more than an EPUB may be is never inflated.
 */
import { isUnsafeEntryName, readCentralDirectory, readEntry, type ByteSource, type LazyZipEntry } from '../files/zip-archive';
import { EPUB_MAX_UPLOAD_BYTES } from '../limits';

const COVER_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'];

const baseName = (name: string) => name.split('/').pop()!.toLowerCase();

/** True when the bytes start like a ZIP ("PK\3\4"). */
export const looksLikeZip = (b: Uint8Array) => b.byteLength >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 3 && b[3] === 4;

/** The archive's file names (folders and unsafe names left out). */
export function zipEntries(entries: readonly LazyZipEntry[]): string[] {
  return entries.filter((f) => !f.name.endsWith('/') && !isUnsafeEntryName(f.name) && !baseName(f.name).startsWith('.')).map((f) => f.name);
}

/**
 * An archive kept elsewhere (the stored blob), its central directory read once: `entry` inflates
 * one named file — null when it is missing or declares more than an EPUB may be.
 */
export interface OpenArchive {
  entry(name: string): Promise<Uint8Array | null>;
  close(): Promise<void>;
}

export async function openArchive(source: ByteSource): Promise<OpenArchive> {
  const byName = new Map<string, LazyZipEntry>();
  for (const e of await readCentralDirectory(source)) if (!byName.has(e.name)) byName.set(e.name, e);
  return {
    async entry(name) {
      const e = byName.get(name);
      return e && e.size <= EPUB_MAX_UPLOAD_BYTES ? readEntry(source, e) : null;
    },
    close: () => source.close(),
  };
}

/** The archive's entries by their lower-case base name (the first of each), built once per archive. */
export function entryIndex(entries: string[]): Map<string, string> {
  const byBase = new Map<string, string>();
  for (const e of entries) if (!byBase.has(baseName(e))) byBase.set(baseName(e), e);
  return byBase;
}

/**
 * A row's EPUB and cover among the entries (entryIndex): the file the row names (in any folder,
 * any case), else one named after its ISBN (9780306406157.epub, 9780306406157.jpg).
 */
export function matchEntries(
  byBase: Map<string, string>,
  row: { isbn: string; epubFile: string; coverFile: string },
): { epub: string | null; cover: string | null } {
  const named = (file: string) => (file ? (byBase.get(baseName(file)) ?? null) : null);
  const epub = named(row.epubFile) ?? (row.epubFile || !row.isbn ? null : (byBase.get(`${row.isbn}.epub`) ?? null));
  const cover =
    named(row.coverFile) ?? (row.coverFile || !row.isbn ? null : (COVER_EXTENSIONS.map((x) => byBase.get(`${row.isbn}${x}`)).find(Boolean) ?? null));
  return { epub, cover };
}

/** The image type of a cover from its first bytes; null when it is not JPEG, PNG or WebP. */
export function coverType(b: Uint8Array): { mediaType: string; extension: string } | null {
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { mediaType: 'image/jpeg', extension: 'jpg' };
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return { mediaType: 'image/png', extension: 'png' };
  if (String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP')
    return { mediaType: 'image/webp', extension: 'webp' };
  return null;
}
