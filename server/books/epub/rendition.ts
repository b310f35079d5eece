/**
 * EPUB 3 fixed layout (the rendition vocabulary): whether pages are pre-paginated, when two may
 * share a spread, which side of a spread each page takes, and each page's size — from its
 * `<meta name="viewport">`, an SVG page's viewBox, the package's `rendition:viewport`, or the
 * size most pages of the book declare. Pure string and DOM reading; build-book applies it.
 */
import type { ZipFiles } from './read-zip';
import type { Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import type { BookLayout, PageSpread, SpreadRule, Viewport } from '../../../sync/book-format';
import { attr, childElements, decodeText, findAll, findFirst, parseXml, textOf } from './xml';

export interface PackageRendition {
  layout: BookLayout;
  spread: SpreadRule;
  /** rendition:viewport (deprecated in EPUB 3.1, still written by tools): every page's size. */
  viewport?: Viewport;
}

export interface ItemRendition {
  layout: BookLayout;
  pageSpread?: PageSpread;
}

/** A page whose size nothing states: portrait, the size most fixed-layout tools start from. */
export const DEFAULT_VIEWPORT: Viewport = { width: 768, height: 1024 };
const MAX_SIDE = 100_000;

/**
 * The package's rendition metadata. Older Apple fixed-layout books say it in
 * META-INF/com.apple.ibooks.display-options.xml (`<option name="fixed-layout">true</option>`).
 */
export function packageRendition(metas: Element[], files: ZipFiles): PackageRendition {
  const value = (property: string) => {
    const meta = metas.find((m) => attr(m, 'property') === property && !attr(m, 'refines'));
    return meta ? textOf(meta).toLowerCase() : '';
  };
  // Kindle and Apple tools also write `<meta name="fixed-layout" content="true"/>`.
  const legacy = metas.some((m) => attr(m, 'name') === 'fixed-layout' && (attr(m, 'content') ?? '').trim().toLowerCase() === 'true');
  const layout = value('rendition:layout') === 'pre-paginated' || legacy || appleFixedLayout(files) ? 'pre-paginated' : 'reflowable';
  const spreadValue = value('rendition:spread');
  // "portrait" (deprecated) asks for spreads in portrait too, which is what "both" means.
  const spread: SpreadRule = spreadValue === 'portrait' ? 'both' : ((['none', 'landscape', 'both'] as const).find((s) => s === spreadValue) ?? 'auto');
  const viewport = parseViewport(value('rendition:viewport'));
  return { layout, spread, ...(viewport ? { viewport } : {}) };
}

function appleFixedLayout(files: ZipFiles): boolean {
  const bytes = files.get('META-INF/com.apple.ibooks.display-options.xml');
  if (!bytes) return false;
  try {
    const doc = parseXml(decodeText(bytes), 'META-INF/com.apple.ibooks.display-options.xml');
    return findAll(doc, 'option').some((o) => attr(o, 'name') === 'fixed-layout' && textOf(o).toLowerCase() === 'true');
  } catch {
    return false; // a damaged vendor file only costs the hint
  }
}

/** An itemref's `properties`: its own layout override and spread side. */
export function itemRendition(properties: string[], book: BookLayout): ItemRendition {
  const has = (p: string) => properties.includes(p);
  const layout = has('rendition:layout-pre-paginated') ? 'pre-paginated' : has('rendition:layout-reflowable') ? 'reflowable' : book;
  const pageSpread: PageSpread | undefined =
    has('page-spread-left') || has('rendition:page-spread-left')
      ? 'left'
      : has('page-spread-right') || has('rendition:page-spread-right')
        ? 'right'
        : has('rendition:page-spread-center') || has('page-spread-center')
          ? 'center'
          : undefined;
  return { layout, ...(pageSpread ? { pageSpread } : {}) };
}

/** `width=1200, height=1600` (units, spaces and `;` tolerated) → a size, or undefined unless both are numbers. */
export function parseViewport(content: string): Viewport | undefined {
  const fields = new Map<string, number>();
  for (const part of content.split(/[,;]/)) {
    const [key, raw] = part.split('=').map((s) => s.trim().toLowerCase());
    const n = raw ? Number.parseFloat(raw) : NaN;
    if (key && Number.isFinite(n)) fields.set(key, n);
  }
  return size(fields.get('width'), fields.get('height'));
}

/** The viewport an XHTML page's head declares. Only the head is parsed: the body can be large. */
export function xhtmlViewport(source: string): Viewport | undefined {
  const bodyAt = source.search(/<body[\s>]/i);
  const head = parseDocument(bodyAt >= 0 ? source.slice(0, bodyAt) : source, { xmlMode: false });
  const meta = findAll(head, 'meta').find((m) => (attr(m, 'name') ?? '').toLowerCase() === 'viewport');
  return meta ? parseViewport(attr(meta, 'content') ?? '') : undefined;
}

/** An SVG page: its size — the viewBox (the page's coordinate space), else width and height — and its <title>. */
export function svgPage(source: string, name: string): { viewport?: Viewport; title?: string } {
  const svg = findFirst(parseXml(source, name), 'svg');
  if (!svg) return {};
  const titleEl = childElements(svg, 'title')[0];
  const title = titleEl ? textOf(titleEl) : '';
  const box = (attr(svg, 'viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const viewport =
    (box.length === 4 && box.every(Number.isFinite) ? size(box[2], box[3]) : undefined) ??
    size(Number.parseFloat(attr(svg, 'width') ?? ''), Number.parseFloat(attr(svg, 'height') ?? ''));
  return { ...(viewport ? { viewport } : {}), ...(title ? { title } : {}) };
}

/** The size most pages that state one share: what a page stating none most likely has. */
export function commonViewport(sizes: (Viewport | undefined)[]): Viewport | undefined {
  const counts = new Map<string, { viewport: Viewport; n: number }>();
  for (const v of sizes) {
    if (!v) continue;
    const key = `${v.width}x${v.height}`;
    const entry = counts.get(key) ?? { viewport: v, n: 0 };
    entry.n++;
    counts.set(key, entry);
  }
  return [...counts.values()].sort((a, b) => b.n - a.n)[0]?.viewport;
}

function size(width: number | undefined, height: number | undefined): Viewport | undefined {
  const ok = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n) && n > 0 && n <= MAX_SIDE;
  return ok(width) && ok(height) ? { width: round(width), height: round(height) } : undefined;
}

const round = (n: number) => Math.round(n * 100) / 100;
