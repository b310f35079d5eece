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

/** KDP's common trims (DOMAIN.md), the one list the print layout and the cover tool share. */
export const TRIMS: readonly Trim[] = [
  { id: '5x8', label: '5 × 8 in', width: 5, height: 8 },
  { id: '5.25x8', label: '5.25 × 8 in', width: 5.25, height: 8 },
  { id: '5.5x8.5', label: '5.5 × 8.5 in', width: 5.5, height: 8.5 },
  { id: 'a5', label: 'A5 (5.83 × 8.27 in)', width: 5.83, height: 8.27 },
  { id: '6x9', label: '6 × 9 in', width: 6, height: 9 },
  { id: '6.14x9.21', label: '6.14 × 9.21 in', width: 6.14, height: 9.21 },
  { id: '6.69x9.61', label: '6.69 × 9.61 in', width: 6.69, height: 9.61 },
  { id: '7x10', label: '7 × 10 in', width: 7, height: 10 },
  { id: '7.44x9.69', label: '7.44 × 9.69 in', width: 7.44, height: 9.69 },
  { id: '7.5x9.25', label: '7.5 × 9.25 in', width: 7.5, height: 9.25 },
  { id: '8x10', label: '8 × 10 in', width: 8, height: 10 },
  { id: '8.5x11', label: '8.5 × 11 in', width: 8.5, height: 11 },
  { id: 'a4', label: 'A4 (8.27 × 11.69 in)', width: 8.27, height: 11.69 },
];
const DEFAULT_TRIM = TRIMS.find((t) => t.id === '6x9')!;

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
