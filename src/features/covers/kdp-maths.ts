/**
 * KDP paperback full-wrap cover maths (DOMAIN.md, from KDP help G201857950): the cover is back
 * panel + spine + front panel with 0.125 in bleed all round; the spine is the page count times the
 * paper's thickness per page. Everything here is in inches, origin at the top-left corner of the
 * full cover including bleed, and pure: the designer's preview and the PDF export both draw from it.
 */
import { TRIMS, type Trim } from '../../../sync/print/trim';

export const BLEED = 0.125;
export const MIN_PAGES = 24;
export const MAX_PAGES = 828;
/** KDP allows text on the spine only from this many pages. */
export const SPINE_TEXT_MIN_PAGES = 79;
/** Clear space either side of the spine text. */
const SPINE_TEXT_CLEARANCE = 0.0625;
/** KDP's template keeps text and important art this far inside the trim (front and back). */
const SAFE_MARGIN = 0.125;
/** KDP prints its barcode here on the back cover: bottom right, this far from the trim edges. */
export const BARCODE = { width: 2, height: 1.2, inset: 0.25 } as const;
/**
 * Standard colour paper: sources differ between 0.002252 and 0.002347 in per page. KDP's own
 * calculator uses the white-paper figure, so do we; this is the one place to change it.
 */
export const STANDARD_COLOUR_THICKNESS = 0.002252;

export const PAPERS = [
  { id: 'white', label: 'Black & white, white paper', thickness: 0.002252 },
  { id: 'cream', label: 'Black & white, cream paper', thickness: 0.0025 },
  { id: 'standard-colour', label: 'Standard colour, white paper', thickness: STANDARD_COLOUR_THICKNESS },
  { id: 'premium-colour', label: 'Premium colour, white paper', thickness: 0.002347 },
] as const;
export type PaperId = (typeof PAPERS)[number]['id'];

export const isTrimId = (id: string | null | undefined): boolean => TRIMS.some((t) => t.id === id);
export const isPaperId = (id: string | null | undefined): id is PaperId => PAPERS.some((p) => p.id === id);

interface CoverSpec {
  trimId: string;
  paper: PaperId;
  pages: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CoverLayout {
  trim: Trim;
  pages: number;
  spineWidth: number;
  /** The full cover with bleed: the PDF's page size. */
  width: number;
  height: number;
  /** The trimmed cover (what the reader holds, opened flat). */
  trimBox: Rect;
  back: Rect;
  spine: Rect;
  front: Rect;
  backSafe: Rect;
  frontSafe: Rect;
  /** Where spine text may go: the spine less its clearance, within the safe height. */
  spineSafe: Rect;
  barcode: Rect;
  spineTextAllowed: boolean;
}

/** Why a page count is refused, or null when KDP prints it. */
export function pageCountProblem(pages: number): string | null {
  if (!Number.isFinite(pages) || !Number.isInteger(pages)) return 'Enter the page count as a whole number.';
  if (pages < MIN_PAGES) return `KDP prints paperbacks of ${MIN_PAGES} pages or more (this one has ${pages}).`;
  if (pages > MAX_PAGES) return `KDP prints paperbacks of at most ${MAX_PAGES} pages (this one has ${pages}).`;
  return null;
}

export function spineWidth(pages: number, paper: PaperId): number {
  const problem = pageCountProblem(pages);
  if (problem) throw new RangeError(problem);
  const kind = PAPERS.find((p) => p.id === paper);
  if (!kind) throw new RangeError(`Unknown paper “${paper}”.`);
  return pages * kind.thickness;
}

/** Inches rounded the way KDP prints them (4 decimals), for display and comparison. */
export const roundInches = (inches: number): number => Math.round(inches * 10_000) / 10_000;
export const formatInches = (inches: number): string => `${roundInches(inches)} in`;
export const POINTS_PER_INCH = 72;
export const toPoints = (inches: number): number => inches * POINTS_PER_INCH;

const inset = (r: Rect, by: number): Rect => ({ x: r.x + by, y: r.y + by, width: r.width - 2 * by, height: r.height - 2 * by });

export function coverLayout(spec: CoverSpec): CoverLayout {
  const trim = TRIMS.find((t) => t.id === spec.trimId);
  if (!trim) throw new RangeError(`Unknown trim size “${spec.trimId}”.`);
  const spine = spineWidth(spec.pages, spec.paper);
  const width = BLEED + trim.width + spine + trim.width + BLEED;
  const height = BLEED + trim.height + BLEED;
  const back = { x: BLEED, y: BLEED, width: trim.width, height: trim.height };
  const spineRect = { x: BLEED + trim.width, y: BLEED, width: spine, height: trim.height };
  const front = { x: spineRect.x + spine, y: BLEED, width: trim.width, height: trim.height };
  return {
    trim,
    pages: spec.pages,
    spineWidth: spine,
    width,
    height,
    trimBox: { x: BLEED, y: BLEED, width: width - 2 * BLEED, height: trim.height },
    back,
    spine: spineRect,
    front,
    backSafe: inset(back, SAFE_MARGIN),
    frontSafe: inset(front, SAFE_MARGIN),
    spineSafe: {
      x: spineRect.x + SPINE_TEXT_CLEARANCE,
      y: BLEED + SAFE_MARGIN,
      width: Math.max(0, spine - 2 * SPINE_TEXT_CLEARANCE),
      height: trim.height - 2 * SAFE_MARGIN,
    },
    barcode: {
      x: back.x + back.width - BARCODE.inset - BARCODE.width,
      y: back.y + back.height - BARCODE.inset - BARCODE.height,
      width: BARCODE.width,
      height: BARCODE.height,
    },
    spineTextAllowed: spec.pages >= SPINE_TEXT_MIN_PAGES,
  };
}

/** Spine type is never set larger than this, however thick the book. */
const SPINE_MAX_PT = 16;
/** Below this the spine title is unreadable: it "doesn't fit". */
export const SPINE_MIN_PT = 6;
/** Gap between the spine title and the author's name, in ems. */
const SPINE_GAP_EM = 1.5;

export type SpineFit =
  { kind: 'fits'; sizePt: number } | { kind: 'not-allowed'; message: string } | { kind: 'too-narrow'; message: string } | { kind: 'too-long'; message: string };

/**
 * Whether the spine can carry the title (and author), and at what size. The caller measures the
 * text: `lengthAt1pt` is the width, in inches, of title plus author set at 1 pt (so the preview
 * and the PDF measure with their own font engines yet share this rule). The type's em must fit
 * across the spine inside its clearance; its length must fit the spine's safe height.
 */
export function spineFit(layout: CoverLayout, lengthAt1pt: number): SpineFit {
  if (!layout.spineTextAllowed) {
    return {
      kind: 'not-allowed',
      message: `KDP allows spine text only from ${SPINE_TEXT_MIN_PAGES} pages; at ${layout.pages} pages leave the spine without text.`,
    };
  }
  const across = Math.min(SPINE_MAX_PT, toPoints(layout.spineSafe.width));
  if (across < SPINE_MIN_PT) {
    return { kind: 'too-narrow', message: `The spine is ${formatInches(layout.spineWidth)} wide: spine text would be under ${SPINE_MIN_PT} pt.` };
  }
  const along = (sizePt: number) => lengthAt1pt * sizePt + (SPINE_GAP_EM * sizePt) / POINTS_PER_INCH;
  if (along(across) <= layout.spineSafe.height) return { kind: 'fits', sizePt: across };
  const shrunk = layout.spineSafe.height / (lengthAt1pt + SPINE_GAP_EM / POINTS_PER_INCH);
  if (shrunk >= SPINE_MIN_PT) return { kind: 'fits', sizePt: shrunk };
  return { kind: 'too-long', message: 'The title and author no longer fit along the spine: shorten them, or leave the spine without text.' };
}
