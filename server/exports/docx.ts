/**
 * Word (DOCX) export with the `docx` package, from the same book the EPUB and Markdown exports
 * read: a title page (title, subtitle, authors), then each chapter under a Heading 1 that starts a
 * new page. Headings inside a chapter move down a level (h1 → Heading 2, h2 → Heading 3, …), bold,
 * italic, underline and strike stay, quotes take the Quote style, lists are Word lists (nested,
 * each ordered list counting from its own start), images are embedded and scaled to fit the page
 * with their alt text as description, a scene break is a centred "* * *", web links stay links and
 * right-to-left paragraphs are written right to left. The chapter HTML is walked with the parser
 * the other exports use (htmlparser2, via parseBody).
 */
import { isTag, isText, type ChildNode, type Element } from 'domhandler';
import type * as Docx from 'docx';
import type { ILevelsOptions, Paragraph, ParagraphChild } from 'docx';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { DomUtils } from 'htmlparser2';
import { sharp } from '../images/sharp';
import { onUse } from '../load-on-use';
import type { ExportBook } from './epub/build-epub';
import { CONTAINER_BLOCKS, escapeXml, parseBody } from './epub/chapter-xhtml';

interface BuildOptions {
  /** The document's created/modified dates. */
  modified: Date;
  /** Called after each chapter: chapters done, chapters in all. */
  onProgress?(done: number, total: number): void;
}

/** A4 with one-inch margins, in twentieths of a point. */
const PAGE = { width: 11906, height: 16838, margin: 1440 };
/** The text block in pixels at 96 per inch (how `docx` sizes images): 601 × 930. */
const TEXT_WIDTH_PX = Math.floor(((PAGE.width - 2 * PAGE.margin) / 1440) * 96);
const TEXT_HEIGHT_PX = Math.floor(((PAGE.height - 2 * PAGE.margin) / 1440) * 96);
const MAX_INPUT_PIXELS = 60_000_000;
const MONOSPACE = 'Courier New';
const SCENE_BREAK = '* * *';
const BULLETS = 'quire-bullets';
const NUMBERS = 'quire-numbers';
/** Word's export is read on its first use: about 3 MB of a server's memory otherwise (issue 11). */
const docx = onUse<typeof Docx>('docx');
const HEADINGS = ['HEADING_1', 'HEADING_2', 'HEADING_3', 'HEADING_4', 'HEADING_5', 'HEADING_6'] as const;
const LETTER = /\p{L}/u;
/** The scripts written right to left: a letter of one of them is a strong right-to-left character. */
const RTL_SCRIPT =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;

/** An image ready for Word: PNG, JPEG or GIF bytes and its size on the page. */
interface PreparedImage {
  type: 'png' | 'jpg' | 'gif';
  data: Uint8Array;
  width: number;
  height: number;
}

interface Format {
  bold?: boolean;
  italics?: boolean;
  underline?: boolean;
  strike?: boolean;
  code?: boolean;
  superScript?: boolean;
  subScript?: boolean;
}

/** What a paragraph is made of, before it becomes `docx` runs. */
type Piece =
  | { kind: 'text'; text: string; format: Format; link?: string }
  | { kind: 'break'; link?: string }
  | { kind: 'image'; image: PreparedImage; alt: string; link?: string };

/** Where the blocks being written sit: in a quote, a list item, a right-to-left element. */
interface Place {
  quote: boolean;
  list?: { reference: string; instance: number; level: number };
  /** Whether the next paragraph is the list item's first (the one with its bullet or number). */
  itemStart?: { value: boolean };
  dir?: 'rtl' | 'ltr';
}

interface Walk {
  imageOf(src: string): PreparedImage | undefined;
  nextListInstance(): number;
  bookRtl: boolean;
  imageNames: number;
}

const BLOCKS = new Set([...CONTAINER_BLOCKS, 'thead', 'tbody', 'tfoot', 'td', 'th', 'nav', 'main']);

const textOf = (el: Element): string => el.children.map((c) => (isText(c) ? c.data : isTag(c) ? textOf(c) : '')).join('');

function dirOf(el: Element, place: Place): 'rtl' | 'ltr' | undefined {
  const dir = el.attribs.dir?.toLowerCase();
  return dir === 'rtl' || dir === 'ltr' ? dir : place.dir;
}

/** The inline pieces of the nodes, with the formatting and link they are inside. */
function inline(nodes: ChildNode[], format: Format, link: string | undefined, walk: Walk, out: Piece[]): void {
  for (const node of nodes) {
    if (isText(node)) {
      const text = node.data.replace(/[ \t\r\n]+/g, ' ');
      if (text) out.push({ kind: 'text', text, format, link });
      continue;
    }
    if (!isTag(node)) continue;
    const inner = (more: Format, href = link) => inline(node.children, { ...format, ...more }, href, walk, out);
    switch (node.name) {
      case 'strong':
      case 'b':
        inner({ bold: true });
        break;
      case 'em':
      case 'i':
      case 'cite':
        inner({ italics: true });
        break;
      case 'u':
      case 'ins':
        inner({ underline: true });
        break;
      case 's':
      case 'strike':
      case 'del':
        inner({ strike: true });
        break;
      case 'sup':
        inner({ superScript: true });
        break;
      case 'sub':
        inner({ subScript: true });
        break;
      case 'code':
      case 'kbd':
      case 'samp':
        inner({ code: true });
        break;
      case 'br':
        out.push({ kind: 'break', link });
        break;
      case 'a': {
        const href = (node.attribs.href ?? '').trim();
        // Web and mail links stay links; links inside the book become plain text, as in Markdown.
        inner({}, /^(https?:|mailto:)/i.test(href) ? href : link);
        break;
      }
      case 'img': {
        const image = walk.imageOf(node.attribs.src ?? '');
        if (image) out.push({ kind: 'image', image, alt: (node.attribs.alt ?? '').trim(), link });
        break;
      }
      default:
        inner({});
    }
  }
}

/** The pieces without the blank space at either end of the paragraph. */
function trimmed(pieces: Piece[]): Piece[] {
  const out = [...pieces];
  while (out[0]?.kind === 'text' && !out[0].text.trim()) out.shift();
  while (out.at(-1)?.kind === 'text' && !(out.at(-1) as { text: string }).text.trim()) out.pop();
  const first = out[0];
  if (first?.kind === 'text') out[0] = { ...first, text: first.text.trimStart() };
  const last = out.at(-1);
  if (last?.kind === 'text') out[out.length - 1] = { ...last, text: last.text.trimEnd() };
  return out;
}

function runsOf(pieces: Piece[], rtl: boolean, walk: Walk): ParagraphChild[] {
  const run = (p: Piece): ParagraphChild => {
    if (p.kind === 'break') return new (docx().TextRun)({ break: 1 });
    if (p.kind === 'image') {
      walk.imageNames++;
      return new (docx().ImageRun)({
        type: p.image.type,
        data: p.image.data,
        transformation: { width: p.image.width, height: p.image.height },
        altText: { name: `Image ${walk.imageNames}`, title: p.alt, description: p.alt },
      });
    }
    const f = p.format;
    return new (docx().TextRun)({
      text: p.text,
      bold: f.bold,
      italics: f.italics,
      underline: f.underline ? {} : undefined,
      strike: f.strike,
      superScript: f.superScript,
      subScript: f.subScript,
      font: f.code ? MONOSPACE : undefined,
      rightToLeft: rtl || undefined,
      style: p.link ? 'Hyperlink' : undefined,
    });
  };
  const out: ParagraphChild[] = [];
  for (let i = 0; i < pieces.length;) {
    const link = pieces[i]!.link;
    if (!link) {
      out.push(run(pieces[i]!));
      i++;
      continue;
    }
    const children: ParagraphChild[] = [];
    while (i < pieces.length && pieces[i]!.link === link) children.push(run(pieces[i++]!));
    out.push(new (docx().ExternalHyperlink)({ link, children }));
  }
  return out;
}

/** Whether a paragraph reads right to left: its own or an ancestor's `dir`, else the book's, else its first strong letter. */
function isRtl(pieces: Piece[], place: Place, walk: Walk): boolean {
  if (place.dir) return place.dir === 'rtl';
  if (walk.bookRtl) return true;
  const text = pieces.map((p) => (p.kind === 'text' ? p.text : '')).join('');
  for (const ch of text) {
    if (LETTER.test(ch)) return RTL_SCRIPT.test(ch);
  }
  return false;
}

function paragraph(pieces: Piece[], place: Place, walk: Walk, heading?: (typeof HEADINGS)[number]): Paragraph | null {
  const kept = trimmed(pieces);
  if (kept.length === 0) return null;
  const rtl = isRtl(kept, place, walk);
  const onlyImages = kept.every((p) => p.kind === 'image');
  let numbering: { reference: string; level: number; instance: number } | undefined;
  let indent: { left: number } | undefined;
  if (place.list && !heading) {
    if (place.itemStart?.value) {
      numbering = place.list;
      place.itemStart.value = false;
    } else indent = { left: 720 * (place.list.level + 1) };
  }
  return new (docx().Paragraph)({
    children: runsOf(kept, rtl, walk),
    heading: heading && docx().HeadingLevel[heading],
    style: !heading && place.quote ? 'Quote' : undefined,
    numbering,
    indent,
    bidirectional: rtl || undefined,
    alignment: onlyImages ? docx().AlignmentType.CENTER : undefined,
  });
}

/** The nodes as Word paragraphs. */
function blocks(nodes: ChildNode[], place: Place, walk: Walk, out: Paragraph[]): void {
  let run: Piece[] = [];
  const flush = () => {
    const p = paragraph(run, place, walk);
    if (p) out.push(p);
    run = [];
  };
  for (const node of nodes) {
    if (!isTag(node)) {
      inline([node], {}, undefined, walk, run);
      continue;
    }
    const name = node.name;
    const here: Place = { ...place, dir: dirOf(node, place) };
    const heading = /^h([1-6])$/.exec(name);
    if (heading) {
      flush();
      const pieces: Piece[] = [];
      inline(node.children, {}, undefined, walk, pieces);
      // The chapter title is Heading 1; headings inside it move down a level.
      const p = paragraph(pieces, here, walk, HEADINGS[Math.min(5, Number(heading[1]))]);
      if (p) out.push(p);
    } else if (name === 'blockquote') {
      flush();
      blocks(node.children, { ...here, quote: true }, walk, out);
    } else if (name === 'ul' || name === 'ol') {
      flush();
      list(node, here, walk, out);
    } else if (name === 'li') {
      // A list item outside a list: its text, as paragraphs.
      flush();
      blocks(node.children, here, walk, out);
    } else if (name === 'hr') {
      flush();
      out.push(
        new (docx().Paragraph)({ children: [new (docx().TextRun)(SCENE_BREAK)], alignment: docx().AlignmentType.CENTER, spacing: { before: 240, after: 240 } }),
      );
    } else if (name === 'pre') {
      flush();
      const lines = textOf(node).replace(/\n$/, '').split('\n');
      out.push(
        new (docx().Paragraph)({
          children: lines.map((line, i) => new (docx().TextRun)({ text: line, font: MONOSPACE, break: i > 0 ? 1 : undefined })),
          style: here.quote ? 'Quote' : undefined,
        }),
      );
    } else if (BLOCKS.has(name)) {
      flush();
      blocks(node.children, here, walk, out);
    } else inline([node], {}, undefined, walk, run);
  }
  flush();
}

function list(el: Element, place: Place, walk: Walk, out: Paragraph[]): void {
  const level = place.list ? Math.min(8, place.list.level + 1) : 0;
  const reference = el.name === 'ol' ? NUMBERS : BULLETS;
  const nested: Place = { ...place, list: { reference, instance: walk.nextListInstance(), level } };
  for (const child of el.children) {
    if (!isTag(child)) continue;
    if (child.name === 'ul' || child.name === 'ol') {
      list(child, nested, walk, out);
      continue;
    }
    const itemStart = { value: true };
    blocks(child.name === 'li' ? child.children : [child], { ...nested, dir: dirOf(child, nested), itemStart }, walk, out);
  }
}

/** Word's list levels: bullets alternate •, ◦, ▪; numbers go 1., a., i. and round again. */
function levels(ordered: boolean): ILevelsOptions[] {
  const bullets = ['\u2022', '\u25e6', '\u25aa'];
  const numbers = [docx().LevelFormat.DECIMAL, docx().LevelFormat.LOWER_LETTER, docx().LevelFormat.LOWER_ROMAN];
  return Array.from({ length: 9 }, (_, level) => ({
    level,
    format: ordered ? numbers[level % 3]! : docx().LevelFormat.BULLET,
    text: ordered ? `%${level + 1}.` : bullets[level % 3]!,
    alignment: docx().AlignmentType.LEFT,
    style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
  }));
}

/** Each image the chapters show, as PNG/JPEG/GIF bytes with its size on the page; one that cannot be read is left out. */
async function prepareImages(input: ExportBook, chapters: ChildNode[][]): Promise<Map<string, PreparedImage>> {
  const out = new Map<string, PreparedImage>();
  const srcs = new Set(chapters.flatMap((nodes) => DomUtils.findAll((el) => el.name === 'img', nodes).map((img) => img.attribs.src ?? '')));
  for (const src of srcs) {
    const path = input.assetOfSrc(src);
    const bytes = path === undefined ? undefined : input.assets.get(path);
    if (!bytes) continue;
    try {
      const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
      const meta = await image.metadata();
      if (!meta.width || !meta.height) continue;
      const keep = meta.format === 'png' || meta.format === 'jpeg' || (meta.format === 'gif' && (meta.pages ?? 1) === 1);
      const data = keep ? bytes : new Uint8Array(await image.png().toBuffer());
      const type = !keep ? 'png' : meta.format === 'jpeg' ? 'jpg' : (meta.format as 'png' | 'gif');
      // Never larger than the text block; never enlarged.
      const scale = Math.min(1, TEXT_WIDTH_PX / meta.width, TEXT_HEIGHT_PX / meta.height);
      out.set(src, {
        type,
        data,
        width: Math.max(1, Math.round(meta.width * scale)),
        height: Math.max(1, Math.round(meta.height * scale)),
      });
    } catch {
      // Bytes sharp cannot read: the image is left out, the text stays.
    }
  }
  return out;
}

/**
 * What `docx` 9.0.0 leaves out or gets wrong, set right in the packed file: core.xml gains the
 * book's language and the export's time (it writes neither), and each drawing its own `docPr` id
 * (it gives every one id 1, which Word may report as unreadable content).
 */
function finish(bytes: Uint8Array, language: string, modified: Date): Uint8Array {
  const files = unzipSync(bytes);
  const core = files['docProps/core.xml'];
  if (core) {
    const date = modified.toISOString().replace(/\.\d{3}Z$/, 'Z');
    const xml = strFromU8(core)
      .replace(/(<dcterms:(created|modified) xsi:type="dcterms:W3CDTF">)[^<]*(<\/dcterms:\2>)/g, `$1${date}$3`)
      .replace('</cp:coreProperties>', `<dc:language>${escapeXml(language)}</dc:language></cp:coreProperties>`);
    files['docProps/core.xml'] = strToU8(xml);
  }
  const document = files['word/document.xml'];
  if (document) {
    let id = 0;
    files['word/document.xml'] = strToU8(strFromU8(document).replace(/<wp:docPr id="\d+"/g, () => `<wp:docPr id="${++id}"`));
  }
  const zippable: Zippable = {};
  for (const [name, data] of Object.entries(files)) zippable[name] = data;
  return zipSync(zippable, { level: 6, mtime: modified });
}

export async function buildDocx(input: ExportBook, options: BuildOptions): Promise<Uint8Array> {
  const { book } = input;
  const m = book.metadata;
  const parsed = book.chapters.map((c) => parseBody(c.xhtml));
  const images = await prepareImages(input, parsed);
  let instances = 0;
  const walk: Walk = { imageOf: (src) => images.get(src), nextListInstance: () => ++instances, bookRtl: book.direction === 'rtl', imageNames: 0 };
  const top: Place = { quote: false, dir: book.direction === 'rtl' ? 'rtl' : undefined };
  const rtl = book.direction === 'rtl' || undefined;

  const authors = m.contributors.map((c) => (c.role === 'author' || c.role === 'co-author' ? c.name : `${c.name} (${c.role})`));
  const children: Paragraph[] = [
    new (docx().Paragraph)({
      heading: docx().HeadingLevel.TITLE,
      alignment: docx().AlignmentType.CENTER,
      bidirectional: rtl,
      children: [new (docx().TextRun)(m.title)],
    }),
  ];
  if (m.subtitle)
    children.push(
      new (docx().Paragraph)({ style: 'Subtitle', alignment: docx().AlignmentType.CENTER, bidirectional: rtl, children: [new (docx().TextRun)(m.subtitle)] }),
    );
  if (authors.length)
    children.push(
      new (docx().Paragraph)({
        style: 'Authors',
        alignment: docx().AlignmentType.CENTER,
        bidirectional: rtl,
        children: [new (docx().TextRun)(authors.join(', '))],
      }),
    );

  book.chapters.forEach((chapter, i) => {
    const nodes = parsed[i]!;
    // The chapter's own first heading usually repeats its title.
    const first = DomUtils.findOne((el) => /^h[1-6]$/.test(el.name) || el.name === 'p', nodes);
    if (first && first.name !== 'p' && textOf(first).trim() === chapter.title.trim()) DomUtils.removeElement(first);
    const title = chapter.title.trim() || `Chapter ${i + 1}`;
    children.push(
      new (docx().Paragraph)({
        heading: docx().HeadingLevel.HEADING_1,
        pageBreakBefore: true,
        bidirectional: isRtl([{ kind: 'text', text: title, format: {} }], top, walk) || undefined,
        children: [new (docx().TextRun)(title)],
      }),
    );
    blocks(nodes, top, walk, children);
    options.onProgress?.(i + 1, book.chapters.length);
  });

  const doc = new (docx().Document)({
    title: m.title,
    subject: m.subtitle,
    creator: authors.join(', ') || 'Quire',
    lastModifiedBy: 'Quire',
    description: undefined,
    styles: {
      default: { document: { run: { language: { value: m.language } } } },
      paragraphStyles: [
        {
          id: 'Quote',
          name: 'Quote',
          basedOn: 'Normal',
          next: 'Normal',
          quickFormat: true,
          run: { italics: true },
          paragraph: { indent: { left: 720, right: 720 }, spacing: { before: 120, after: 120 } },
        },
        { id: 'Subtitle', name: 'Subtitle', basedOn: 'Normal', next: 'Normal', quickFormat: true, run: { size: 32, italics: true } },
        { id: 'Authors', name: 'Authors', basedOn: 'Normal', next: 'Normal', run: { size: 28 }, paragraph: { spacing: { before: 480 } } },
      ],
    },
    numbering: {
      config: [
        { reference: BULLETS, levels: levels(false) },
        { reference: NUMBERS, levels: levels(true) },
      ],
    },
    sections: [
      {
        properties: {
          page: { size: { width: PAGE.width, height: PAGE.height }, margin: { top: PAGE.margin, right: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin } },
        },
        children,
      },
    ],
  });
  const bytes = new Uint8Array(await docx().Packer.toBuffer(doc));
  return finish(bytes, m.language, options.modified);
}
