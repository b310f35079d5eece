/**
 * Markdown export: the book as one CommonMark document — a title block, each chapter under a
 * level-one heading, emphasis, quotes, lists, links, scene breaks and images. A book with images
 * is a ZIP of the document and an `images/` folder it links to; one without is the `.md` alone.
 */
import { isTag, isText, type ChildNode, type Element } from 'domhandler';
import { strToU8, zipSync } from 'fflate';
import type { ExportBook } from './epub/build-epub';
import { CONTAINER_BLOCKS, parseBody } from './epub/chapter-xhtml';

interface MarkdownExport {
  bytes: Uint8Array;
  /** `md` for the document alone, `zip` when it comes with its images. */
  extension: 'md' | 'zip';
  mediaType: string;
}

/** Characters that would start Markdown syntax inside running text. */
const escapeText = (s: string) => s.replace(/([\\`*_[\]<>#|])/g, '\\$1');
const BLOCKS = new Set(CONTAINER_BLOCKS);

interface Context {
  imageOf(src: string): string | undefined;
}

function inline(nodes: ChildNode[], ctx: Context): string {
  return nodes.map((n) => inlineNode(n, ctx)).join('');
}

function inlineNode(node: ChildNode, ctx: Context): string {
  if (isText(node)) return escapeText(node.data.replace(/\s+/g, ' '));
  if (!isTag(node)) return '';
  const inner = () => inline(node.children, ctx);
  switch (node.name) {
    case 'em':
    case 'i':
    case 'cite':
      return wrap(inner(), '*');
    case 'strong':
    case 'b':
      return wrap(inner(), '**');
    case 'code':
      return `\`${textOf(node).replace(/`/g, '')}\``;
    case 'br':
      return '\\\n';
    case 'a': {
      const href = node.attribs.href ?? '';
      return /^(https?:|mailto:)/i.test(href) ? `[${inner()}](<${href.replace(/[<>]/g, encodeURIComponent)}>)` : inner();
    }
    case 'img': {
      const path = ctx.imageOf(node.attribs.src ?? '');
      return path ? `![${escapeText(node.attribs.alt ?? '')}](${path})` : '';
    }
    default:
      return inner();
  }
}

function wrap(text: string, mark: string): string {
  const trimmed = text.trim();
  if (!trimmed) return text;
  const lead = text.slice(0, text.indexOf(trimmed));
  const tail = text.slice(lead.length + trimmed.length);
  return `${lead}${mark}${trimmed}${mark}${tail}`;
}

const textOf = (el: Element): string => el.children.map((c) => (isText(c) ? c.data : isTag(c) ? textOf(c) : '')).join('');

/** Block-level Markdown of the nodes, as paragraphs separated by blank lines. */
function blocks(nodes: ChildNode[], ctx: Context): string[] {
  const out: string[] = [];
  let run: ChildNode[] = [];
  const flush = () => {
    const text = inline(run, ctx).trim();
    if (text) out.push(text);
    run = [];
  };
  for (const node of nodes) {
    if (!isTag(node)) {
      run.push(node);
      continue;
    }
    const name = node.name;
    const heading = /^h([1-6])$/.exec(name);
    if (heading) {
      flush();
      // Chapters are level one; headings inside them move down a level.
      const text = inline(node.children, ctx).trim();
      if (text) out.push(`${'#'.repeat(Math.min(6, Number(heading[1]) + 1))} ${text}`);
    } else if (name === 'blockquote') {
      flush();
      out.push(
        blocks(node.children, ctx)
          .join('\n\n')
          .split('\n')
          .map((l) => (l ? `> ${l}` : '>'))
          .join('\n'),
      );
    } else if (name === 'ul' || name === 'ol') {
      flush();
      out.push(list(node, ctx));
    } else if (name === 'hr') {
      flush();
      out.push('* * *');
    } else if (name === 'pre') {
      flush();
      out.push(`\`\`\`\n${textOf(node).replace(/```/g, "'''")}\n\`\`\``);
    } else if (BLOCKS.has(name) || name === 'li') {
      flush();
      out.push(...blocks(node.children, ctx));
    } else run.push(node);
  }
  flush();
  return out;
}

function list(el: Element, ctx: Context): string {
  const ordered = el.name === 'ol';
  return el.children
    .filter((c): c is Element => isTag(c) && c.name === 'li')
    .map((li, i) => {
      const marker = ordered ? `${i + 1}. ` : '- ';
      const body = blocks(li.children, ctx).join('\n\n');
      return marker + body.split('\n').join(`\n${' '.repeat(marker.length)}`);
    })
    .join('\n');
}

export function buildMarkdown(input: ExportBook): MarkdownExport {
  const { book } = input;
  const used = new Map<string, string>();
  const ctx: Context = {
    imageOf: (src) => {
      const path = input.assetOfSrc(src);
      if (path === undefined || !input.assets.has(path)) return undefined;
      const local = `images/${path.split('/').pop()}`;
      used.set(local, path);
      return local;
    },
  };
  const m = book.metadata;
  const parts = [`# ${escapeText(m.title)}`];
  if (m.subtitle) parts.push(`*${escapeText(m.subtitle)}*`);
  parts.push(escapeText(m.contributors.map((c) => (c.role === 'author' || c.role === 'co-author' ? c.name : `${c.name} (${c.role})`)).join(', ')));
  for (const chapter of book.chapters) {
    let body = blocks(parseBody(chapter.xhtml), ctx);
    // The chapter's own first heading usually repeats its title.
    if (body[0]?.replace(/^#+ /, '').trim() === escapeText(chapter.title)) body = body.slice(1);
    parts.push(`# ${escapeText(chapter.title)}`, ...body);
  }
  const markdown = `${parts.join('\n\n')}\n`;
  if (used.size === 0) return { bytes: strToU8(markdown), extension: 'md', mediaType: 'text/markdown; charset=utf-8' };
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = { [`${book.metadata.slug}.md`]: strToU8(markdown) };
  for (const [local, path] of used) files[local] = [input.assets.get(path)!, { level: 0 }];
  return { bytes: zipSync(files), extension: 'zip', mediaType: 'application/zip' };
}
