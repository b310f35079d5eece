/**
 * What an uploaded file is, from its bytes alone (names and Content-Type lie): a ZIP with
 * word/document.xml is DOCX, a ZIP whose `mimetype` says application/epub+zip is EPUB, valid
 * UTF-8 text is Markdown. ZIPs are opened with the EPUB importer's limits (entries, sizes,
 * compression ratio), so a zip bomb is refused before anything inflates it in full.
 */
import { EpubError } from '../../books/epub/epub-error';
import { readZip } from '../../books/epub/read-zip';
import { decodeText } from '../../books/epub/xml';
import { ImportError } from './import-error';
import { IMPORT_MAX_MARKDOWN_BYTES } from './limits';

export type Sniffed = { kind: 'docx'; files: Map<string, Uint8Array> } | { kind: 'epub'; files: Map<string, Uint8Array> } | { kind: 'markdown'; text: string };

const SUPPORTED = 'Quire imports Word (.docx), Markdown (.md) and EPUB files.';

function startsWith(bytes: Uint8Array, ...magic: number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

export function sniff(bytes: Uint8Array): Sniffed {
  if (bytes.byteLength === 0) throw new ImportError('empty', 'The file is empty.');
  if (startsWith(bytes, 0x50, 0x4b, 3, 4)) return sniffZip(bytes);
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) {
    throw new ImportError('unsupported', 'This is an old Word .doc file. Save it as .docx in your word processor, then import that.');
  }
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46)) throw new ImportError('unsupported', `PDF files cannot be imported. ${SUPPORTED}`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new ImportError('unsupported', `This file is neither text nor a document Quire knows. ${SUPPORTED}`);
  }
  // Control characters other than tab, newlines, form feed and escape mean a binary format
  // that happens to decode as UTF-8 (most do not), not prose.
  if (bytes.some((b) => b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b))) {
    throw new ImportError('unsupported', `This file is not text Quire can read. ${SUPPORTED}`);
  }
  if (text.trim() === '') throw new ImportError('no_text', 'The file has no text.');
  if (bytes.byteLength > IMPORT_MAX_MARKDOWN_BYTES) {
    const mb = IMPORT_MAX_MARKDOWN_BYTES / 1024 / 1024;
    throw new ImportError(
      'too_large',
      `This Markdown file is too large: one import may be at most ${mb} MB of text (about 350,000 words). Split the manuscript into parts and import each.`,
    );
  }
  return { kind: 'markdown', text };
}

function sniffZip(bytes: Uint8Array): Sniffed {
  let files: Map<string, Uint8Array>;
  try {
    files = readZip(bytes);
  } catch (error) {
    if (!(error instanceof EpubError)) throw error;
    if (['zip_bomb', 'too_many_entries', 'entry_too_large'].includes(error.code)) {
      throw new ImportError('zip_bomb', `The archive was refused: ${error.message}`);
    }
    throw new ImportError('broken', 'The file is damaged: its ZIP archive cannot be read.');
  }
  const mimetype = files.get('mimetype');
  if (mimetype && decodeText(mimetype).trim() === 'application/epub+zip') return { kind: 'epub', files };
  if (files.has('word/document.xml')) return { kind: 'docx', files };
  throw new ImportError('unsupported', `This ZIP archive is neither a Word document nor an EPUB. ${SUPPORTED}`);
}
