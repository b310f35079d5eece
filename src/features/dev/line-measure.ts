/**
 * Characters per line, the typographer's measure of a comfortable line: about 45 to 75 for a
 * book's body text (Bringhurst's range; 66 is the ideal he names). The typography lab shows
 * each preview's measure against it.
 */
export const COMFORTABLE = { min: 45, max: 75 } as const;

export type MeasureVerdict = 'short' | 'comfortable' | 'long';

/** How many average characters fit a line of `lineWidth` px, from a sample's width and length. */
export function charactersPerLine(lineWidth: number, sampleWidth: number, sampleLength: number): number {
  if (lineWidth <= 0 || sampleWidth <= 0 || sampleLength <= 0) return 0;
  return Math.floor(lineWidth / (sampleWidth / sampleLength));
}

export function measureVerdict(cpl: number): MeasureVerdict {
  if (cpl < COMFORTABLE.min) return 'short';
  if (cpl > COMFORTABLE.max) return 'long';
  return 'comfortable';
}
