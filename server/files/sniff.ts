/**
 * What an uploaded file really is, from its bytes: magic numbers for images, the entry names of
 * a ZIP for DOCX and EPUB (read from the central directory, nothing inflated), UTF-8 text for
 * Markdown. The name's extension only decides between Markdown and other text, and words the
 * refusal when it promises something the bytes are not.
 */
import { unzipSync } from 'fflate';
import { FILE_SNIFF_MAX_ZIP_ENTRIES } from '../limits';
import type { FileKind } from '../../sync/api/files';

export type Sniffed = { ok: true; kind: FileKind; mediaType: string } | { ok: false; reason: string };

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const EPUB_TYPE = 'application/epub+zip';
const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

const ACCEPTED = 'Quire accepts PNG, JPEG, GIF and WebP images, DOCX, Markdown (.md) and EPUB files.';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.byteLength < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

function sniffImage(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Entry names of a ZIP, or null when it is not a readable one. */
function zipEntryNames(bytes: Uint8Array): Set<string> | null {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return null;
  const names = new Set<string>();
  try {
    unzipSync(bytes, {
      filter(file) {
        if (names.size >= FILE_SNIFF_MAX_ZIP_ENTRIES) throw new Error('too many entries');
        names.add(file.name);
        return false; // never inflate: the names are all we need
      },
    });
  } catch {
    return null;
  }
  return names;
}

function utf8Text(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // Control characters other than tab, newlines and form feed mean binary, not prose.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    return /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text) ? null : text;
  } catch {
    return null;
  }
}

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

export function sniffFile(bytes: Uint8Array, name: string): Sniffed {
  const ext = extensionOf(name);
  const image = sniffImage(bytes);
  if (image) return { ok: true, kind: 'image', mediaType: image };

  const entries = zipEntryNames(bytes);
  if (entries) {
    if (entries.has('mimetype') && entries.has('META-INF/container.xml')) return { ok: true, kind: 'epub', mediaType: EPUB_TYPE };
    if (entries.has('[Content_Types].xml') && entries.has('word/document.xml')) return { ok: true, kind: 'docx', mediaType: DOCX_TYPE };
    return { ok: false, reason: `This ZIP archive is neither a DOCX document nor an EPUB book. ${ACCEPTED}` };
  }
  if (startsWith(bytes, [0x50, 0x4b])) return { ok: false, reason: `The file looks like a damaged ZIP archive. ${ACCEPTED}` };
  if (startsWith(bytes, ascii('%PDF'))) return { ok: false, reason: `PDF files are not supported. ${ACCEPTED}` };

  const text = bytes.byteLength > 0 ? utf8Text(bytes) : null;
  if (text !== null) {
    // SVG can carry script; it is refused outright rather than served under a sandbox.
    if (ext === 'svg' || /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/i.test(text.slice(0, 4096))) {
      return { ok: false, reason: 'SVG images are not accepted because they can contain scripts. Export the image as PNG or WebP instead.' };
    }
    if (['md', 'markdown', 'mdown', 'txt'].includes(ext)) return { ok: true, kind: 'markdown', mediaType: MARKDOWN_TYPE };
    return { ok: false, reason: `Text files are accepted as Markdown: name the file with .md. ${ACCEPTED}` };
  }

  const promised: Record<string, string> = {
    png: 'a PNG image',
    jpg: 'a JPEG image',
    jpeg: 'a JPEG image',
    gif: 'a GIF image',
    webp: 'a WebP image',
    docx: 'a DOCX document',
    epub: 'an EPUB book',
    md: 'Markdown text',
  };
  if (promised[ext]) return { ok: false, reason: `The file is named .${ext}, but its content is not ${promised[ext]}.` };
  return { ok: false, reason: `This type of file is not supported. ${ACCEPTED}` };
}

/** The first lines of a Markdown file for its preview, whitespace tidied. */
export function markdownExcerpt(bytes: Uint8Array, max = 280): string {
  const text = new TextDecoder().decode(bytes.subarray(0, max * 4));
  const tidy = text
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return tidy.length > max ? `${tidy.slice(0, max - 1).trimEnd()}…` : tidy;
}
