/**
 * Fixed-layout reading (decision 029), the pure part: a book's pages, how they pair into
 * spreads, when two pages share the screen, and how large each is drawn. The view is
 * fixed-layout-view.tsx.
 */
import type { BookDetailResponse } from '../../../sync/api/books';
import type { TextQuote } from '../../../sync/collections/text-quote';

type Side = 'left' | 'right' | 'center';
interface Size {
  width: number;
  height: number;
}

export interface FixedPage {
  id: string;
  /** 1-based, among the pages this reader may open. */
  number: number;
  title: string;
  /** The side the book puts the page on in a spread (EPUB page-spread-*). */
  side?: Side;
  /** The page's declared size; absent for a reflowable item, which fills its box and scrolls. */
  viewport?: Size;
}

/** One screenful: one page, or two facing pages, in reading order, each with its side. */
export interface Spread {
  pages: FixedPage[];
  sides: Side[];
}

/** A box of the laid-out spread, in the order the view writes them (the progression's start side first). */
export type PlacedSlot = { page: FixedPage; width: number; height: number; scale: number } | { page: null; width: number; height: number };

/** Below this width two pages would be too small to read, whatever the book asks. */
const MIN_SPREAD_WIDTH = 600;

/** A fixed page has no words to quote when it is a picture: its position is the page itself. */
export const PAGE_QUOTE: TextQuote = { exact: '', prefix: '', suffix: '' };

export const isFixedLayout = (book: Pick<BookDetailResponse, 'layout'>) => book.layout === 'pre-paginated';

export function fixedPages(book: Pick<BookDetailResponse, 'chapters'>): FixedPage[] {
  return book.chapters
    .filter((c) => c.readable)
    .map((c, i) => ({
      id: c.id,
      number: i + 1,
      title: c.title,
      ...(c.pageSpread ? { side: c.pageSpread } : {}),
      ...(c.viewport ? { viewport: c.viewport } : {}),
    }));
}

/**
 * Two pages side by side: never when the book says `none` or the area is narrow; always for
 * `both`; for `landscape` when the area is wider than tall, and for `auto` when moreover the
 * pages are portrait (two landscape pages side by side would each be tiny).
 */
export function wantsTwoUp(rule: BookDetailResponse['spread'], area: Size, page: Size | undefined): boolean {
  if (rule === 'none' || area.width < MIN_SPREAD_WIDTH) return false;
  if (rule === 'both') return true;
  const landscapeArea = area.width > area.height;
  if (rule === 'landscape') return landscapeArea;
  return landscapeArea && (!page || page.width <= page.height);
}

/** The size most pages have, for deciding on spreads before any page is drawn. */
export function typicalSize(pages: FixedPage[]): Size | undefined {
  const counts = new Map<string, { size: Size; n: number }>();
  for (const p of pages) {
    if (!p.viewport) continue;
    const key = `${p.viewport.width}x${p.viewport.height}`;
    counts.set(key, { size: p.viewport, n: (counts.get(key)?.n ?? 0) + 1 });
  }
  return [...counts.values()].sort((a, b) => b.n - a.n)[0]?.size;
}

/**
 * Pages into spreads. One page per spread unless `twoUp`. Two up, as Readium pairs them: pages
 * pair in order, the earlier on the progression's start side (left, or right for right-to-left
 * books); a page marked for the start side opens a new spread, one marked for the end side
 * closes the current one (alone if it must), and centred and reflowable pages stand alone.
 */
export function buildSpreads(pages: FixedPage[], progression: 'ltr' | 'rtl', twoUp: boolean): Spread[] {
  if (!twoUp) return pages.map((p) => ({ pages: [p], sides: ['center'] }));
  const start: Side = progression === 'rtl' ? 'right' : 'left';
  const end: Side = start === 'left' ? 'right' : 'left';
  const spreads: Spread[] = [];
  let waiting: FixedPage | null = null;
  const flush = () => {
    if (waiting) spreads.push({ pages: [waiting], sides: [start] });
    waiting = null;
  };
  for (const page of pages) {
    const side = page.viewport ? page.side : 'center';
    if (side === 'center') {
      flush();
      spreads.push({ pages: [page], sides: ['center'] });
    } else if (side === start) {
      flush();
      waiting = page;
    } else if (waiting) {
      spreads.push({ pages: [waiting, page], sides: [start, end] });
      waiting = null;
    } else if (side === end) spreads.push({ pages: [page], sides: [end] });
    else waiting = page;
  }
  flush();
  return spreads;
}

export function spreadIndexOf(spreads: Spread[], pageId: string): number {
  return Math.max(
    0,
    spreads.findIndex((s) => s.pages.some((p) => p.id === pageId)),
  );
}

/**
 * The spread's boxes at their drawn size, in reading order (the view lays them out from the
 * progression's start side). Facing pages share one scale, the smaller of their fits in half the
 * area, so they meet at the same height; a page alone on its side gets an empty box beside it, as
 * in a printed book; a centred page fits the whole area; a reflowable one fills it.
 */
export function placeSpread(spread: Spread, area: Size, twoUp: boolean, progression: 'ltr' | 'rtl'): PlacedSlot[] {
  const fit = (v: Size, box: Size) => Math.max(0.01, Math.min(box.width / v.width, box.height / v.height));
  const [first] = spread.pages;
  if (!twoUp || spread.sides[0] === 'center') {
    const page = first!;
    if (!page.viewport) return [{ page, width: area.width, height: area.height, scale: 1 }];
    const scale = fit(page.viewport, area);
    return [{ page, width: page.viewport.width * scale, height: page.viewport.height * scale, scale }];
  }
  const half = { width: area.width / 2, height: area.height };
  const scale = Math.min(...spread.pages.map((p) => fit(p.viewport!, half)));
  const slots: PlacedSlot[] = spread.pages.map((page) => ({ page, width: page.viewport!.width * scale, height: page.viewport!.height * scale, scale }));
  if (slots.length === 2) return slots;
  const blank: PlacedSlot = { page: null, width: slots[0]!.width, height: slots[0]!.height };
  const startSide = progression === 'rtl' ? 'right' : 'left';
  return spread.sides[0] === startSide ? [slots[0]!, blank] : [blank, slots[0]!];
}

/** How far through the book a page is, 0 on the first and 1 on the last. */
export function pageProgress(pages: FixedPage[], pageId: string): number {
  const i = pages.findIndex((p) => p.id === pageId);
  return pages.length <= 1 || i < 0 ? (i < 0 ? 0 : 1) : i / (pages.length - 1);
}

export function pageLabel(pages: FixedPage[], pageId: string): string {
  const page = pages.find((p) => p.id === pageId);
  if (!page) return ' ';
  const generic = /^Page \d+$/.test(page.title);
  return `${generic ? '' : `${page.title} · `}Page ${page.number} of ${pages.length} · ${Math.round(pageProgress(pages, pageId) * 100)}%`;
}
