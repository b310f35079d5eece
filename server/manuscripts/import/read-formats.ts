/**
 * Each format → a title, chapters of sanitised HTML and the number of images left out. DOCX goes
 * through mammoth (Word styles → semantic HTML), Markdown through markdown-it with raw HTML
 * off, EPUB through the book importer's own parser (one chapter per spine document, titles
 * from the TOC). DOCX and Markdown then pass the same sanitiser as EPUB chapters.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import type mammoth from 'mammoth';
import type MarkdownIt from 'markdown-it';
import { buildBook } from '../../books/epub/build-book';
import { findPackagePath } from '../../books/epub/container';
import { EpubError } from '../../books/epub/epub-error';
import { MAX_NESTING_DEPTH, NESTED_TOO_DEEPLY, xmlNestingDepth } from '../../books/epub/nesting';
import { parsePackage } from '../../books/epub/package';
import { readZip } from '../../books/epub/read-zip';
import { decodeText } from '../../books/epub/xml';
import { sanitizeChapter } from '../../books/epub/sanitize';
import { onUse } from '../../load-on-use';
import { ImportError } from './import-error';
import { countImages, firstHeading, pickTitle, splitWithHeading, statedTitle, type Section } from './split';

const loadMammoth = onUse<typeof mammoth>('mammoth');

type ImportFormat = 'docx' | 'markdown' | 'epub';

export interface ImportedManuscript {
  format: ImportFormat;
  title: string;
  chapters: Section[];
  imagesSkipped: number;
}

/** The EPUB sanitiser with nothing to link to: relative links and images are dropped. */
function sanitize(html: string): string {
  return sanitizeChapter(html, { chapterId: 'import', path: 'import.xhtml', chapterIdOf: () => undefined, assetUrlOf: () => undefined }).xhtml;
}

function fromSplitHtml(format: ImportFormat, html: string, stated: string | undefined, imagesSkipped: number, fileName?: string): ImportedManuscript {
  const { sections, heading } = splitWithHeading(html);
  return {
    format,
    title: pickTitle(stated, heading, fileName),
    chapters: sections.map((s) => ({ title: s.title, html: sanitize(s.html) })),
    imagesSkipped,
  };
}

const loadMarkdownIt = onUse<typeof MarkdownIt>('markdown-it');
let markdown: InstanceType<typeof MarkdownIt> | undefined;

/** YAML front matter (Pandoc, Jekyll, Hugo): not prose; its `title:` names the manuscript. */
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)\r?\n/;

export function readMarkdown(text: string, fileName?: string): ImportedManuscript {
  const front = FRONT_MATTER.exec(text);
  const stated = front?.[1]!
    .match(/^title:\s*(.+)$/m)?.[1]!
    .trim()
    .replace(/^(['"])(.*)\1$/, '$2');
  markdown ??= new (loadMarkdownIt())({ html: false, linkify: true, typographer: false });
  const html = markdown.render(front ? text.slice(front[0].length) : text);
  return fromSplitHtml('markdown', html, stated, countImages(html), fileName);
}

const TITLE_CLASS = 'quire-import-title';

/** The title in a DOCX's core properties (docProps/core.xml, File › Properties in Word), if any. */
function coreTitle(files: Map<string, Uint8Array>): string | undefined {
  const core = files.get('docProps/core.xml');
  if (!core) return undefined;
  const xml = decodeText(core);
  if (xmlNestingDepth(xml) > MAX_NESTING_DEPTH) return undefined;
  const title = DomUtils.findOne((el) => el.name === 'dc:title', parseDocument(xml, { xmlMode: true }).children);
  return title ? DomUtils.textContent(title) : undefined;
}

/** `files` is the unpacked archive when the caller has it (sniff does). */
export async function readDocx(bytes: Uint8Array, fileName?: string, files = readZip(bytes)): Promise<ImportedManuscript> {
  // mammoth reads the body recursively: measure it first, as a stream.
  const body = files.get('word/document.xml');
  if (body && xmlNestingDepth(decodeText(body)) > MAX_NESTING_DEPTH) throw new ImportError('too_deep', `This Word document ${NESTED_TOO_DEEPLY}`);
  let images = 0;
  let html: string;
  const mammoth = loadMammoth();
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        // The Title style names the manuscript; images are counted, never embedded as data URIs.
        styleMap: [`p[style-name='Title'] => p.${TITLE_CLASS}:fresh`],
        convertImage: mammoth.images.imgElement(async () => {
          images++;
          return { src: '' };
        }),
      },
    );
    html = result.value;
  } catch {
    throw new ImportError('broken', 'The Word document is damaged or not a .docx Quire can read.');
  }
  const titleMatch = new RegExp(`<p class="${TITLE_CLASS}">([\\s\\S]*?)</p>`).exec(html);
  const styled = titleMatch ? DomUtils.textContent(parseDocument(titleMatch[1]!)).trim() : undefined;
  if (titleMatch) html = html.replace(titleMatch[0], '');
  // The Title paragraph is what the reader of the document sees, so it wins over the properties.
  return fromSplitHtml('docx', html, statedTitle(styled) || coreTitle(files), images, fileName);
}

export function readEpub(files: Map<string, Uint8Array>, fileName?: string): ImportedManuscript {
  try {
    const opfPath = findPackagePath(files);
    const pkg = parsePackage(files, opfPath);
    const built = buildBook({ files, opfPath, pkg }, { bookId: 'import', slug: 'import' });
    let imagesSkipped = 0;
    const chapters: Section[] = [];
    for (const [i, c] of built.book.chapters.entries()) {
      imagesSkipped += countImages(c.xhtml);
      // A spine document without words (a cover picture, a blank page) makes no chapter.
      if (c.xhtml.replace(/<[^>]*>/g, '').trim() === '') continue;
      chapters.push({ title: (c.title || `Chapter ${i + 1}`).slice(0, 200), html: c.xhtml });
    }
    // dc:title as the package states it (the built book falls back to the TOC and "Untitled"),
    // else the first heading of the book (a cover page has none).
    let heading = '';
    for (const c of chapters) if ((heading = firstHeading(c.html))) break;
    return { format: 'epub', title: pickTitle(pkg.title, heading, fileName), chapters, imagesSkipped };
  } catch (error) {
    if (error instanceof EpubError) throw new ImportError(error.code === 'too_deep' ? 'too_deep' : 'broken', `The EPUB cannot be imported: ${error.message}`);
    throw error;
  }
}
