import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CanonicalBookSchema } from '../../../sync/book-format';
import { EPUB_MAX_ENTRIES, MAX_NESTING_DEPTH } from '../../limits';
import { buildBook, readPackage } from './build-book';
import { EpubError } from './epub-error';
import { epub2, epub3, hostileEpub } from './test-epubs';

const build = (bytes: Uint8Array) => buildBook(readPackage(bytes), { bookId: 'bk1', slug: 'a-test-voyage' });
const UNSAFE = /<\s*script|<[^>]*\son[a-z]+\s*=|javascript:/i;

function reason(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof EpubError) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** An element nested `depth` levels deep around a word. */
const nested = (depth: number, tag = 'div') => `${`<${tag}>`.repeat(depth)}deep${`</${tag}>`.repeat(depth)}`;

describe('buildBook', () => {
  it('refuses a chapter or contents nested past MAX_NESTING_DEPTH with a reason, and keeps deep-but-real nesting', () => {
    const deepChapter = () => build(epub3({ chapters: [{ id: 'c1', title: 'One', body: nested(20_000) }] }));
    expect(reason(deepChapter)).toBe('too_deep');
    expect(() => deepChapter()).toThrow(/chapter "OEBPS\/c1.xhtml" is nested too deeply/);
    const deepNav = `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body><nav epub:type="toc"><ol><li><a href="ch1.xhtml">${nested(20_000, 'span')}</a></li></ol></nav></body></html>`;
    expect(reason(() => build(epub3({ extraFiles: { 'OEBPS/nav.xhtml': deepNav } })))).toBe('too_deep');
    const { book } = build(epub3({ chapters: [{ id: 'c1', title: 'One', body: nested(MAX_NESTING_DEPTH - 10) }] }));
    expect(book.chapters[0]!.xhtml).toContain('deep');
  });

  it('imports an EPUB 3 with a nav document: chapters, contents, metadata, linear flags', () => {
    const { book } = build(epub3());
    const parsed = CanonicalBookSchema.parse(book);
    expect(parsed.chapters.map((c) => c.title)).toEqual(['Cover', 'Departure', 'The Storm']);
    expect(parsed.chapters.map((c) => c.linear)).toEqual([false, true, true]);
    expect(parsed.toc.map((e) => e.title)).toEqual(['Cover', 'Departure', 'The Storm']);
    expect(parsed.toc.every((e) => parsed.chapters.some((c) => c.id === e.chapterId))).toBe(true);
    expect(parsed.metadata).toMatchObject({
      title: 'A Test Voyage',
      language: 'en',
      publisher: 'Test Press',
      issued: '2001-02-03',
      description: '<p>A short book for tests.</p>', // kept as HTML; saveBook sanitises it
    });
    expect(parsed.metadata.contributors).toEqual([
      { name: 'Ann Author', role: 'author' },
      { name: 'Ed Editor', role: 'editor' },
    ]);
    expect(parsed.stylesheets).toEqual(['css/book.css']);
  });

  it('imports an EPUB 2 with an NCX the same way', () => {
    const { book } = build(epub2());
    const parsed = CanonicalBookSchema.parse(book);
    expect(parsed.chapters).toHaveLength(3);
    expect(parsed.toc.map((e) => e.title)).toEqual(['Cover', 'Departure', 'The Storm']);
  });

  it('rewrites links between chapters and keeps epub:type and xml:lang', () => {
    const { book } = build(epub3());
    const [, ch1, ch2] = book.chapters;
    expect(ch1!.xhtml).toContain(`href="#${ch2!.id}/storm" data-chapter-id="${ch2!.id}" data-anchor="storm"`);
    expect(ch2!.xhtml).toContain(`href="#${ch2!.id}/storm"`);
    expect(ch2!.xhtml).toContain('data-epub-type="footnote" lang="fr"');
    expect(ch2!.xhtml).toMatch(/^<div class="quire-body" lang="en">/);
  });

  it('removes scripts, handlers, javascript: links, forms, frames and outside loads; scopes the CSS', () => {
    const { book, assets } = build(hostileEpub());
    const xhtml = book.chapters[0]!.xhtml;
    expect(xhtml).not.toMatch(UNSAFE);
    expect(xhtml).not.toMatch(/<(iframe|object|embed|form|input|svg)\b/);
    expect(xhtml).not.toContain('tracker.example');
    expect(xhtml).not.toMatch(/position|url\(/);
    expect(xhtml).toContain('Hover <a>me</a>');
    const css = new TextDecoder().decode(assets.find((a) => a.path === 'css/book.css')!.bytes);
    expect(css).not.toMatch(/@import|evil\.example|position/);
    const selectors = css.match(/[^{}]+(?=\{)/g)!.map((s) => s.trim());
    expect(selectors.length).toBeGreaterThan(0);
    for (const s of selectors) expect(s.startsWith('.quire-book[data-book="bk1"]')).toBe(true);
    expect(css).toContain('.quire-book[data-book="bk1"] *');
    expect(css).toContain('.quire-book[data-book="bk1"] .quire-body');
  });

  it('keeps the cover through properties="cover-image" (EPUB 3) and <meta name="cover"> (EPUB 2)', () => {
    const cover = { path: 'images/cover.png', mediaType: 'image/png', bytes: new Uint8Array([137, 80, 78, 71]) };
    expect(build(epub3({ cover })).book.coverPath).toBe('images/cover.png');
    expect(build(epub2({ cover })).book.coverPath).toBe('images/cover.png');
  });

  it('reads right-to-left page progression', () => {
    expect(build(epub3({ rtl: true })).book.direction).toBe('rtl');
  });

  it('sets vertical writing from the stylesheet, or from a Japanese/Chinese right-to-left book', () => {
    expect(build(epub3({ css: 'html { writing-mode: vertical-rl }' })).book.writingMode).toBe('vertical-rl');
    expect(build(epub3({ language: 'ja', rtl: true, css: undefined })).book.writingMode).toBe('vertical-rl');
    expect(build(epub3({ language: 'zh-Hant', rtl: true })).book.writingMode).toBe('vertical-rl');
    expect(build(epub3({ language: 'ja' })).book.writingMode).toBeUndefined();
    expect(build(epub3({ language: 'ar', rtl: true })).book.writingMode).toBeUndefined();
  });
});

describe('hostile archives are refused with a reason', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  it('not a zip', () => expect(reason(() => build(enc('hello, I am a PDF')))).toBe('not_zip'));
  it('a damaged zip', () => expect(reason(() => build(epub3().slice(0, 200)))).toBe('not_zip'));
  it('no mimetype', () => expect(reason(() => build(zipSync({ 'a.txt': enc('x') })))).toBe('missing_mimetype'));
  it('no container', () => expect(reason(() => build(zipSync({ mimetype: enc('application/epub+zip') })))).toBe('missing_container'));
  it('no package document', () => {
    const files = {
      mimetype: enc('application/epub+zip'),
      'META-INF/container.xml': enc('<container><rootfiles><rootfile full-path="OEBPS/missing.opf"/></rootfiles></container>'),
    };
    expect(reason(() => build(zipSync(files)))).toBe('missing_package');
  });
  it('path traversal, absolute and backslash names', () => {
    for (const name of ['../evil.txt', 'OEBPS/../../evil.txt', '/etc/passwd', 'OEBPS\\evil.txt']) {
      expect(
        reason(() => build(epub3({ extraFiles: { [name]: 'x' } }))),
        name,
      ).toBe('unsafe_path');
    }
  });
  it('too many entries', () => {
    const extraFiles = Object.fromEntries(Array.from({ length: EPUB_MAX_ENTRIES }, (_, i) => [`OEBPS/f${i}.txt`, 'x']));
    expect(reason(() => build(epub3({ extraFiles })))).toBe('too_many_entries');
  });
  it('a zip bomb (compression ratio)', () => {
    expect(reason(() => build(epub3({ extraFiles: { 'OEBPS/zeros.bin': new Uint8Array(30 * 1024 * 1024) } })))).toBe('zip_bomb');
  });
  it('a huge entry declared in the central directory', () => {
    expect(reason(() => build(withDeclaredSize(epub3(), 'OEBPS/ch1.xhtml', 0xfffffff0)))).toBe('entry_too_large');
  });
});

/** Rewrites one entry's uncompressed size in the central directory, as a hostile archive would. */
export function withDeclaredSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i < out.length - 46; i++) {
    if (view.getUint32(i, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(i + 28, true);
    if (new TextDecoder().decode(out.subarray(i + 46, i + 46 + nameLength)) === name) view.setUint32(i + 24, size, true);
  }
  return out;
}
