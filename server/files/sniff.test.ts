import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DOCX_TYPE, EPUB_TYPE, markdownExcerpt, sniffFile } from './sniff';
import { PNG_1x1, docxBytes, epubBytes } from './test-files';

const text = (s: string) => new TextEncoder().encode(s);

describe('sniffFile', () => {
  it('recognises images by their magic bytes, whatever the name says', () => {
    expect(sniffFile(PNG_1x1, 'photo.jpg')).toEqual({ ok: true, kind: 'image', mediaType: 'image/png' });
    expect(sniffFile(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), 'x')).toMatchObject({ ok: true, mediaType: 'image/jpeg' });
    expect(sniffFile(text('GIF89a\x01\x00'), 'a.gif')).toMatchObject({ ok: true, mediaType: 'image/gif' });
    expect(sniffFile(text('RIFF\x00\x00\x00\x00WEBPVP8 '), 'a.webp')).toMatchObject({ ok: true, mediaType: 'image/webp' });
  });

  it('tells DOCX from EPUB by the entries of the ZIP', () => {
    expect(sniffFile(docxBytes(), 'novel.zip')).toEqual({ ok: true, kind: 'docx', mediaType: DOCX_TYPE });
    expect(sniffFile(epubBytes(), 'book.docx')).toEqual({ ok: true, kind: 'epub', mediaType: EPUB_TYPE });
    const other = sniffFile(zipSync({ 'a.txt': strToU8('hi') }), 'thing.docx');
    expect(other).toMatchObject({ ok: false, reason: expect.stringContaining('neither a DOCX') });
  });

  it('accepts UTF-8 text named .md as Markdown and asks for .md otherwise', () => {
    expect(sniffFile(text('# Chapter one\n\nIt was a dark night.'), 'ch1.md')).toMatchObject({ ok: true, kind: 'markdown' });
    expect(sniffFile(text('# Notes'), 'notes.html')).toMatchObject({ ok: false, reason: expect.stringContaining('.md') });
  });

  it('refuses SVG even when named as Markdown', () => {
    expect(sniffFile(text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.md')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('SVG'),
    });
    expect(sniffFile(text('<svg/>'), 'x.svg')).toMatchObject({ ok: false, reason: expect.stringContaining('SVG') });
  });

  it('explains when the extension promises what the bytes are not', () => {
    expect(sniffFile(Uint8Array.from([0, 1, 2, 3, 0xfe]), 'cover.png')).toEqual({
      ok: false,
      reason: 'The file is named .png, but its content is not a PNG image.',
    });
    expect(sniffFile(text('%PDF-1.7 ...'), 'book.pdf')).toMatchObject({ ok: false, reason: expect.stringContaining('PDF') });
    expect(sniffFile(Uint8Array.from([0, 1, 2, 0xfe]), 'blob.bin')).toMatchObject({ ok: false, reason: expect.stringContaining('not supported') });
  });
});

describe('markdownExcerpt', () => {
  it('keeps the beginning and marks a cut', () => {
    expect(markdownExcerpt(text('# T\r\n\r\n\r\n\r\nBody'))).toBe('# T\n\nBody');
    expect(markdownExcerpt(text('a'.repeat(500)), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
