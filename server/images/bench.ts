/**
 * For `npm run bench:publish` (issue 13): the median time to make every cover variant of one
 * image — each width in each format, as the `image.variants` job does — over a set of originals.
 * Pure generation (no database, no blob store), so the number is sharp's and the settings' alone.
 */
import { makeVariant } from './generate';
import { COVER_WIDTHS, VARIANT_FORMATS } from './plan';

export interface VariantBench {
  /** Milliseconds per original, in the order given. */
  perImageMs: number[];
  medianMs: number;
  /** Variants made per original. */
  variantsPerImage: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function benchVariantGeneration(originals: readonly Uint8Array[], widths: readonly number[] = COVER_WIDTHS): Promise<VariantBench> {
  if (originals.length === 0) throw new Error('benchVariantGeneration needs at least one image.');
  const perImageMs: number[] = [];
  for (const original of originals) {
    const started = performance.now();
    for (const width of widths) for (const format of VARIANT_FORMATS) await makeVariant(original, width, format);
    perImageMs.push(performance.now() - started);
  }
  return { perImageMs, medianMs: median(perImageMs), variantsPerImage: widths.length * VARIANT_FORMATS.length };
}
