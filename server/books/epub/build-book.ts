/**
 * An EPUB's bytes → a canonical book plus its asset bytes. Pure: nothing is stored, so a refused
 * archive leaves no trace and the seed, the import job and the tests share one path. `bookParts`
 * gives the book in parts for an import to stream (decision 060), `buildBook` all of it at once.
 */
import type { BookLayout, CanonicalBookHeadInput, CanonicalBookInput, ChapterInput, TocEntry } from '../../../sync/book-format';
import { isValidIsbn13 } from '../../../sync/isbn';
import { BOOK_SAVE_CHAPTER_BATCH, EPUB_MAX_CHAPTER_CHARS, EPUB_MAX_CHAPTERS } from '../../limits';
import { assetPaths, assetUrl, bookScope, isAssetType } from './assets';
import { findPackagePath } from './container';
import { refuseDrm } from './drm';
import { EpubError } from './epub-error';
import { parsePackage, type ManifestItem, type PackageInfo } from './package';
import { openZip, type ZipFiles } from './read-zip';
import { resolveHref } from './paths';
import { sanitizeChapter } from './sanitize';
import { BODY_CLASS, scopeCss } from './scope-css';
import { commonViewport, DEFAULT_VIEWPORT, itemRendition, svgPage, xhtmlViewport } from './rendition';
import { readToc, type RawTocEntry } from './toc';
import { decodeText } from './xml';

export interface BuildOptions {
  bookId: string;
  slug: string;
  /** Chapter ids must be unique across books; the default prefixes the manifest id with the book's. */
  chapterIdFor?: (item: ManifestItem, index: number) => string;
}

export interface BuiltBook {
  book: CanonicalBookInput;
  assets: { path: string; mediaType: string; bytes: Uint8Array }[];
  identifier: string;
}

const CHAPTER_TYPES = new Set(['application/xhtml+xml', 'text/html']);
/** An SVG spine item is a page of a fixed-layout book (reflowable books skip it, as before). */
const SVG_PAGE_TYPE = 'image/svg+xml';
const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/**
 * Open just enough of the package to name the book (the importer derives ids from it). The
 * archive's entries are inflated when read, one at a time (openZip, decision 060).
 */
export function readPackage(bytes: Uint8Array): { files: ZipFiles; opfPath: string; pkg: PackageInfo } {
  const files = openZip(bytes);
  refuseDrm(files);
  const opfPath = findPackagePath(files);
  return { files, opfPath, pkg: parsePackage(files, opfPath) };
}

type BuiltAsset = BuiltBook['assets'][number];

/**
 * A book read from its EPUB a part at a time (decision 060), so that a 10,000-chapter book never
 * has all its chapters in memory: the assets one by one, the chapters sanitised a batch at a
 * time, and the rest of the book (which names the stylesheets the chapters link) once they are done.
 */
export interface BookParts {
  identifier: string;
  /** Each asset, read (and a stylesheet scoped) when the iteration reaches it. */
  assets(): Generator<BuiltAsset>;
  /** The chapters in spine order, `BOOK_SAVE_CHAPTER_BATCH` to a batch, each batch sanitised when asked for. */
  chapterBatches(): Generator<ChapterInput[]>;
  /** The book but its chapters; call it once chapterBatches is done. */
  head(): CanonicalBookHeadInput;
}

/** The whole book in memory: a short book, the seed, the tests. Imports stream it (`bookParts`). */
export function buildBook(opened: ReturnType<typeof readPackage>, options: BuildOptions): BuiltBook {
  const parts = bookParts(opened, options);
  const assets = [...parts.assets()];
  const chapters = [...parts.chapterBatches()].flat();
  return { book: { ...parts.head(), chapters }, assets, identifier: parts.identifier };
}

export function bookParts(opened: ReturnType<typeof readPackage>, options: BuildOptions): BookParts {
  const { files, opfPath, pkg } = opened;
  const items = pkg.spine
    .map((s) => ({ ...s, rendition: itemRendition(s.properties, pkg.rendition.layout) }))
    .filter((s) => CHAPTER_TYPES.has(s.item.mediaType) || s.item.mediaType === SVG_PAGE_TYPE);
  const layout = bookLayout(items);
  // A reflowable book stays as it always was: a pre-paginated item in it is read as text, an SVG one skipped.
  const spine = items
    .map((s) => (layout === 'pre-paginated' ? s : { ...s, rendition: { layout: 'reflowable' as const } }))
    .filter((s) => CHAPTER_TYPES.has(s.item.mediaType) || s.rendition.layout === 'pre-paginated');
  if (spine.length === 0) throw new EpubError('no_chapters', 'The EPUB has no readable chapters in its spine.');
  if (spine.length > EPUB_MAX_CHAPTERS) {
    const count = spine.length.toLocaleString('en');
    throw new EpubError('too_many_chapters', `The EPUB has ${count} chapters; Quire takes books of up to ${EPUB_MAX_CHAPTERS.toLocaleString('en')}.`);
  }

  const idFor = options.chapterIdFor ?? defaultChapterId(options.bookId);
  const chapterIds = new Map<string, string>();
  const taken = new Set<string>(); // a set, not a scan of the map: a book may have 10,000 chapters
  spine.forEach((s, i) => {
    let id = idFor(s.item, i);
    if (taken.has(id)) id = `${id.slice(0, 56)}-${i}`;
    if (!chapterIds.has(s.item.path)) {
      chapterIds.set(s.item.path, id);
      taken.add(id);
    }
  });

  const assetItems = [...pkg.manifest.values()].filter((i) => isAssetType(i.mediaType) && files.has(i.path));
  const paths = assetPaths(assetItems, opfPath);
  const urlOf = (zipPath: string) => {
    const p = paths.get(zipPath);
    return p ? assetUrl(options.bookId, p) : undefined;
  };

  const rawToc = readToc(files, pkg.navPath, pkg.ncxPath);
  const tocTitles = new Map<string, string>();
  walkRaw(rawToc, (e) => {
    if (e.path && !tocTitles.has(e.path)) tocTitles.set(e.path, e.title);
  });
  const sourceOf = (path: string) => decodeText(files.get(path)!);

  // A page that states no size takes the package's, else the one most pages state: with no size
  // in the package, every page's is read first (numbers only) so each batch can be written whole.
  let fallback = pkg.rendition.viewport;
  if (!fallback && layout === 'pre-paginated') {
    const sizes = spine
      .filter((s) => s.rendition.layout === 'pre-paginated')
      .map((s) => {
        const source = sourceOf(s.item.path);
        return s.item.mediaType === SVG_PAGE_TYPE ? svgPage(source, s.item.path).viewport : xhtmlViewport(source);
      });
    fallback = commonViewport(sizes);
  }
  const fallbackViewport = fallback ?? DEFAULT_VIEWPORT;

  const stylesheetPaths: string[] = [];
  const chapterAt = (i: number): ChapterInput => {
    const s = spine[i]!;
    const chapterId = chapterIds.get(s.item.path)!;
    const source = sourceOf(s.item.path);
    const fixed = s.rendition.layout === 'pre-paginated';
    const svg = s.item.mediaType === SVG_PAGE_TYPE ? svgChapter(source, s.item.path, urlOf(s.item.path)) : undefined;
    const page =
      svg ??
      sanitizeChapter(source, {
        chapterId,
        path: s.item.path,
        chapterIdOf: (p) => chapterIds.get(p),
        assetUrlOf: urlOf,
        fixedLayout: fixed,
      });
    if (page.xhtml.length > EPUB_MAX_CHAPTER_CHARS) {
      throw new EpubError('entry_too_large', `Chapter "${s.item.path.slice(0, 120)}" is too long for one chapter.`);
    }
    for (const css of page.stylesheets) if (paths.has(css) && !stylesheetPaths.includes(css)) stylesheetPaths.push(css);
    const title = tocTitles.get(s.item.path) ?? page.heading ?? `${fixed ? 'Page' : 'Chapter'} ${i + 1}`;
    const chapter = { id: chapterId, title: title.slice(0, 300), xhtml: page.xhtml, linear: s.linear };
    const side = s.rendition.pageSpread ? { pageSpread: s.rendition.pageSpread } : {};
    if (!fixed) return { ...chapter, ...side }; // a reflowable item of a fixed-layout book keeps its side of the spread
    const viewport = (svg ? svg.viewport : xhtmlViewport(source)) ?? fallbackViewport;
    return { ...chapter, layout: s.rendition.layout, ...side, viewport };
  };
  let chaptersDone = false;

  // The writing mode of each stylesheet, learnt while scoping it.
  const writingModes = new Map<string, 'vertical-rl' | 'vertical-lr' | undefined>();
  const scoped = (item: ManifestItem, bytes: Uint8Array) => {
    const css = scopeCss(decodeText(bytes), {
      scope: bookScope(options.bookId),
      resolveUrl: (href) => {
        const target = resolveHref(item.path, href);
        return target ? (urlOf(target.path) ?? null) : null;
      },
    });
    writingModes.set(item.path, css.writingMode);
    return new TextEncoder().encode(css.css);
  };

  return {
    identifier: pkg.identifier,
    *assets() {
      for (const item of assetItems) {
        const bytes = files.get(item.path)!;
        yield { path: paths.get(item.path)!, mediaType: item.mediaType, bytes: item.mediaType === 'text/css' ? scoped(item, bytes) : bytes };
      }
    },
    *chapterBatches() {
      for (let start = 0; start < spine.length; start += BOOK_SAVE_CHAPTER_BATCH) {
        const end = Math.min(spine.length, start + BOOK_SAVE_CHAPTER_BATCH);
        yield Array.from({ length: end - start }, (_, k) => chapterAt(start + k));
      }
      chaptersDone = true;
    },
    head() {
      if (!chaptersDone) throw new Error("The book's head needs its chapters read first (their stylesheets).");
      let writingMode: 'vertical-rl' | 'vertical-lr' | undefined;
      for (const item of assetItems) {
        if (!stylesheetPaths.includes(item.path)) continue;
        if (!writingModes.has(item.path)) scoped(item, files.get(item.path)!);
        writingMode ??= writingModes.get(item.path);
      }
      const toc = mapToc(rawToc, chapterIds);
      const title = (pkg.title || rawToc[0]?.title || 'Untitled').slice(0, 300);
      const language = normaliseLanguage(pkg.language);
      // Fixed pages are drawn as published: only their own CSS sets a vertical writing mode.
      const vertical = writingMode ?? (layout === 'pre-paginated' ? undefined : impliedWritingMode(language, pkg.direction));
      return {
        metadata: {
          id: options.bookId,
          slug: options.slug,
          title,
          subtitle: pkg.subtitle.slice(0, 300),
          // HTML as publishers write it; saveBook keeps the safe subset.
          description: pkg.description.trim().slice(0, 5000),
          language,
          contributors: (pkg.contributors.length > 0 ? pkg.contributors : [{ name: 'Unknown author', role: 'author' as const }]).slice(0, 20),
          publisher: pkg.publisher.slice(0, 200),
          ...(pkg.isbn && isValidIsbn13(pkg.isbn) ? { isbn: pkg.isbn } : {}),
          priceCents: 0,
          currency: 'USD',
          genres: [],
          ...(pkg.date ? { issued: pkg.date.slice(0, 40) } : {}),
        },
        assets: assetItems.map((item) => ({ path: paths.get(item.path)!, mediaType: item.mediaType })),
        ...(pkg.coverPath && paths.has(pkg.coverPath) ? { coverPath: paths.get(pkg.coverPath)! } : {}),
        toc,
        direction: pkg.direction,
        ...(vertical ? { writingMode: vertical } : {}),
        accessibility: pkg.accessibility,
        stylesheets: stylesheetPaths.map((p) => paths.get(p)!),
        ...(layout === 'pre-paginated' ? { layout, spread: pkg.rendition.spread } : {}),
      };
    },
  };
}

/**
 * A book is fixed-layout when most of its linear spine items are pre-paginated: the package
 * says so, or itemref overrides do (a reflowable "about" page among pictures changes nothing).
 */
function bookLayout(spine: { linear: boolean; rendition: { layout: BookLayout } }[]): BookLayout {
  const linear = spine.some((s) => s.linear) ? spine.filter((s) => s.linear) : spine;
  const fixed = linear.filter((s) => s.rendition.layout === 'pre-paginated').length;
  return fixed * 2 > linear.length ? 'pre-paginated' : 'reflowable';
}

/**
 * An SVG page, shown as an image of itself: an <img> runs no script and loads nothing outside
 * the SVG, so the publisher's SVG needs no sanitising (opened directly, the asset route
 * sandboxes it). Its pictures must be inside it (data: URLs), as for any SVG image.
 */
function svgChapter(source: string, path: string, url: string | undefined) {
  const { viewport, title } = svgPage(source, path);
  const alt = (title ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const img = url ? `<img src="${url}" alt="${alt}" style="display: block; width: 100%; height: 100%"/>` : '';
  return {
    xhtml: `<div class="${BODY_CLASS}">${img}</div>`,
    stylesheets: [] as string[],
    ...(title ? { heading: title.slice(0, 300) } : {}),
    viewport,
  };
}

function defaultChapterId(bookId: string) {
  const prefix = bookId.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 24);
  return (item: ManifestItem) => `${prefix}-${item.id.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 64);
}

/**
 * Japanese and Chinese books that turn pages right to left are set vertically (tategaki) even
 * when their stylesheet does not say so: that is what the progression means for those scripts.
 */
function impliedWritingMode(language: string, direction: 'ltr' | 'rtl'): 'vertical-rl' | undefined {
  return direction === 'rtl' && /^(ja|zh)(-|$)/i.test(language) ? 'vertical-rl' : undefined;
}

function normaliseLanguage(raw: string): string {
  const [primary = '', ...rest] = raw.trim().split(/[-_]/);
  const tag = [primary.toLowerCase(), ...rest].join('-');
  return LANGUAGE_TAG.test(tag) ? tag : 'und';
}

function walkRaw(entries: RawTocEntry[], visit: (e: RawTocEntry) => void): void {
  for (const e of entries) {
    visit(e);
    walkRaw(e.children, visit);
  }
}

/** Entries that point at no chapter are dropped, their children moved up a level. */
function mapToc(entries: RawTocEntry[], chapterIds: Map<string, string>): TocEntry[] {
  return entries.flatMap((e): TocEntry[] => {
    const children = mapToc(e.children, chapterIds);
    const chapterId = e.path ? chapterIds.get(e.path) : undefined;
    if (!chapterId) return children;
    const anchor = e.fragment?.slice(0, 200);
    return [{ title: e.title.slice(0, 300), chapterId, ...(anchor ? { anchor } : {}), children }];
  });
}
