import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { epub3 } from '../../books/epub/test-epubs';
import { readDocx, readMarkdown } from './read-formats';
import { sniff } from './sniff';
import { readManuscriptFile } from './routes';
import { firstHeading, pickTitle, splitAtHeadings } from './split';
import { buildDocx, twoChapterDocx, twoChapterMarkdown } from './test-files';
import { ImportError } from './import-error';

describe('splitAtHeadings', () => {
  it('starts a chapter at each top-level h1 and keeps the heading in its text', () => {
    const sections = splitAtHeadings('<h1>One</h1><p>a</p><h2>sub</h2><h1>Two</h1><p>b</p>');
    expect(sections.map((s) => s.title)).toEqual(['One', 'Two']);
    expect(sections[0]!.html).toBe('<h1>One</h1><p>a</p><h2>sub</h2>');
  });

  it('makes text before the first heading an Opening chapter, and drops it when blank', () => {
    expect(splitAtHeadings('<p>Preface</p><h1>One</h1><p>a</p>').map((s) => s.title)).toEqual(['Opening', 'One']);
    expect(splitAtHeadings('\n<h1>One</h1><p>a</p>').map((s) => s.title)).toEqual(['One']);
  });

  it('keeps a document without headings as one chapter', () => {
    expect(splitAtHeadings('<p>Just text.</p>').map((s) => s.title)).toEqual(['Chapter 1']);
  });
});

describe('pickTitle', () => {
  it('takes the stated title, else the first heading, and the file name only when there is neither', () => {
    expect(pickTitle('Tides', 'Chapter One', 'The Salt Road.md')).toBe('Tides');
    expect(pickTitle(undefined, 'Chapter One', 'The Salt Road.md')).toBe('Chapter One');
    expect(pickTitle('  ', 'Chapter One', 'The Salt Road.md')).toBe('Chapter One');
    expect(pickTitle(undefined, '', 'notes/The_Salt Road.final.docx')).toBe('The Salt Road.final');
    expect(pickTitle(undefined, '', 'draft 3.docx')).toBe('draft 3');
    expect(pickTitle(undefined, '', undefined)).toBe('Imported manuscript');
  });

  it('skips metadata titles a template leaves behind', () => {
    for (const stated of ['Document1', 'Untitled', 'Title', 'draft']) expect(pickTitle(stated, 'The Salt Road', 'x.docx'), stated).toBe('The Salt Road');
  });
});

describe('firstHeading', () => {
  it('is the first h1, else the first heading of any level', () => {
    expect(firstHeading('<p>x</p><h2>Sub</h2><h1>Main</h1><h1>Next</h1>')).toBe('Main');
    expect(firstHeading('<p>x</p><h3> Only  a sub </h3>')).toBe('Only a sub');
    expect(firstHeading('<h1> </h1><p>x</p>')).toBe('');
  });
});

describe('readMarkdown', () => {
  it('splits at # headings, takes the title from the first heading, counts skipped images', () => {
    const m = readMarkdown(twoChapterMarkdown, 'sea_stories.md');
    expect(m.title).toBe('First Light');
    expect(m.chapters.map((c) => c.title)).toEqual(['First Light', 'Low Tide']);
    expect(m.chapters[0]!.html).toContain('<strong>sun</strong>');
    expect(m.chapters[1]!.html).toContain('<blockquote>');
    expect(m.imagesSkipped).toBe(1);
  });

  it('never takes the file name while the text has a heading', () => {
    for (const name of ['draft.md', 'Final_v2.md', 'The Salt Road.md', undefined]) {
      expect(readMarkdown('Some opening words.\n\n# The Salt Road\n\nx\n\n# Second\n\ny\n', name).title, name).toBe('The Salt Road');
    }
    expect(readMarkdown('Some words.\n\n## A smaller heading\n\nx\n', 'book.md').title).toBe('A smaller heading');
  });

  it('falls back to the file name without its extension when there is no title and no heading', () => {
    expect(readMarkdown('Just prose, no headings.', 'sea_stories.md').title).toBe('sea stories');
    expect(readMarkdown('Just prose, no headings.', 'draft.markdown').title).toBe('draft');
  });

  it('reads YAML front matter as the title, not as text', () => {
    const m = readMarkdown('---\ntitle: "Tides: A Novel"\nauthor: Ann\n---\n# One\n\nx\n\n# Two\n\ny\n', 'draft.md');
    expect(m.title).toBe('Tides: A Novel');
    expect(m.chapters.map((c) => c.title)).toEqual(['One', 'Two']);
    expect(m.chapters.map((c) => c.html).join('')).not.toContain('author');
  });

  it('names a one-chapter file by its heading, and never passes raw HTML through', () => {
    const m = readMarkdown('# Only One\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1))', 'draft.md');
    expect(m.title).toBe('Only One');
    expect(m.chapters[0]!.html).not.toContain('<script');
    expect(m.chapters[0]!.html).not.toContain('href="javascript');
  });
});

describe('readDocx', () => {
  it('splits at Heading 1, takes the Title style as the title, keeps formatting, skips images', async () => {
    const m = await readDocx(twoChapterDocx(), 'whatever.docx');
    expect(m.title).toBe('The Lighthouse Keeper');
    expect(m.chapters.map((c) => c.title)).toEqual(['Arrival', 'The Lamp']);
    expect(m.chapters[0]!.html).toMatch(/<strong>Loud<\/strong>/);
    expect(m.chapters[0]!.html).toMatch(/<em> waves<\/em>/);
    expect(m.chapters[0]!.html).toMatch(/<s> calm<\/s>/);
    expect(m.chapters[0]!.html).not.toContain('<img');
    expect(m.imagesSkipped).toBe(1);
  });

  it('takes the core-properties title when there is no Title paragraph, skipping a template’s', async () => {
    const paragraphs = [{ style: 'Heading1' as const, text: 'A' }, { text: 'x' }, { style: 'Heading1' as const, text: 'B' }, { text: 'y' }];
    expect((await readDocx(buildDocx(paragraphs, { coreTitle: 'Salt & Sea' }), 'draft.docx')).title).toBe('Salt & Sea');
    expect((await readDocx(buildDocx(paragraphs, { coreTitle: 'Document1' }), 'My Novel.docx')).title).toBe('A');
  });

  it('takes the first heading over the file name when the document states no title', async () => {
    const m = await readDocx(buildDocx([{ style: 'Heading1', text: 'A' }, { text: 'x' }, { style: 'Heading1', text: 'B' }, { text: 'y' }]), 'My Novel.docx');
    expect(m.title).toBe('A');
  });

  it('falls back to the file name without extension when there is neither', async () => {
    expect((await readDocx(buildDocx([{ text: 'Plain words only.' }]), 'My_Novel.docx')).title).toBe('My Novel');
  });
});

describe('sniff and read', () => {
  it('tells the formats apart by content, not name', async () => {
    expect(sniff(twoChapterDocx()).kind).toBe('docx');
    expect(sniff(epub3()).kind).toBe('epub');
    expect(sniff(new TextEncoder().encode('# Hi')).kind).toBe('markdown');
  });

  it('reads an EPUB: one chapter per spine document, titles from the TOC and metadata', async () => {
    const m = await readManuscriptFile(epub3());
    expect(m.format).toBe('epub');
    expect(m.title).toBe('A Test Voyage');
    expect(m.chapters.map((c) => c.title)).toEqual(['Cover', 'Departure', 'The Storm']);
    expect(m.chapters[1]!.html).toContain('We left at');
  });

  it('titles an EPUB without dc:title by its first heading, then by the file name', async () => {
    expect((await readManuscriptFile(epub3({ title: '' }), 'voyage.epub')).title).toBe('Departure');
    const headless = epub3({ title: '', chapters: [{ id: 'c1', title: 'One', body: '<p>No heading here.</p>' }] });
    expect((await readManuscriptFile(headless, 'A_Voyage.epub')).title).toBe('A Voyage');
  });

  it('refuses binaries, old .doc, other ZIPs and broken archives with a reason', async () => {
    const refuse = async (bytes: Uint8Array) => {
      try {
        await readManuscriptFile(bytes);
      } catch (error) {
        if (error instanceof ImportError) return error.reason;
        throw error;
      }
      return 'accepted';
    };
    expect(await refuse(Uint8Array.from([0, 1, 2, 3, 255, 254]))).toBe('unsupported');
    expect(await refuse(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]))).toBe('unsupported');
    expect(await refuse(new Uint8Array(0))).toBe('empty');
    expect(await refuse(zipSync({ 'a.txt': strToU8('hi') }))).toBe('unsupported');
    const docx = twoChapterDocx();
    expect(await refuse(docx.slice(0, docx.length - 40))).toBe('broken');
    expect(await refuse(buildDocxWithBrokenBody())).toBe('broken');
  });
});

function buildDocxWithBrokenBody(): Uint8Array {
  const files = unzipSync(buildDocx([{ text: 'x' }]));
  files['word/document.xml'] = strToU8('<w:document><w:body><w:p>');
  return zipSync(files);
}
