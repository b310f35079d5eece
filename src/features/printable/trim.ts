/**
 * Trim sizes and margins for the print layout. The sizes are common trade trims (DOMAIN.md); the
 * inside margin grows with the page count the way KDP's minimum gutter does, plus a quarter inch
 * so text never runs into the binding, and the outside margin stays above KDP's 0.25 in minimum.
 */
export interface Trim {
  id: string;
  label: string;
  /** Inches. */
  width: number;
  height: number;
}

export const TRIMS: readonly Trim[] = [
  { id: '5x8', label: '5 × 8 in', width: 5, height: 8 },
  { id: '5.5x8.5', label: '5.5 × 8.5 in', width: 5.5, height: 8.5 },
  { id: '6x9', label: '6 × 9 in', width: 6, height: 9 },
  { id: 'a5', label: 'A5 (148 × 210 mm)', width: 148 / 25.4, height: 210 / 25.4 },
];
const DEFAULT_TRIM = TRIMS[2]!;

export const trimById = (id: string | null | undefined): Trim => TRIMS.find((t) => t.id === id) ?? DEFAULT_TRIM;

/** KDP's minimum gutter (inches) by page count: 24–150, 151–300, 301–500, 501–700, 701+. */
export function minimumGutter(pages: number): number {
  if (pages <= 150) return 0.375;
  if (pages <= 300) return 0.5;
  if (pages <= 500) return 0.625;
  if (pages <= 700) return 0.75;
  return 0.875;
}

export interface Margins {
  top: number;
  bottom: number;
  inside: number;
  outside: number;
}

/** About 300 words fill a 6 × 9 in page at 11 pt; smaller trims hold proportionally fewer. */
export function estimatePages(words: number, trim: Trim): number {
  const perPage = 300 * ((trim.width * trim.height) / 54);
  return Math.max(1, Math.ceil(words / perPage));
}

export function marginsFor(trim: Trim, words: number): Margins {
  return { top: 0.65, bottom: 0.75, inside: minimumGutter(estimatePages(words, trim)) + 0.25, outside: 0.5 };
}
