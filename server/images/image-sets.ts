/**
 * The read side for pages that show images: the finished variants of some originals as `srcset`
 * strings per format, with URLs named by the variant's own hash (served immutable by
 * server/images/routes.ts). An original without finished variants has no entry; the page then
 * shows the original alone.
 */
import type { ImageSet } from '../../sync/api/images';
import type { DB } from '../db/connection';
import type { ImageVariantFormat } from '../db/schema';

function variantUrl(blobHash: string, format: ImageVariantFormat): string {
  return `/api/images/${blobHash}.${format}`;
}

export async function imageSets(db: DB, sourceHashes: readonly (string | null | undefined)[]): Promise<Map<string, ImageSet>> {
  const hashes = [...new Set(sourceHashes.filter((h): h is string => !!h))];
  const sets = new Map<string, ImageSet>();
  if (hashes.length === 0) return sets;
  const rows = await db
    .selectFrom('imageVariants')
    .select(['sourceHash', 'format', 'outWidth', 'blobHash'])
    .where('sourceHash', 'in', hashes)
    .where('state', '=', 'done')
    .orderBy('sourceHash')
    .orderBy('format')
    .orderBy('outWidth')
    .execute();
  const seen = new Set<string>();
  for (const r of rows) {
    if (!r.blobHash || !r.outWidth) continue;
    // Two asked-for widths above the original's own make the same image: list it once.
    const key = `${r.sourceHash} ${r.format} ${r.outWidth}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const set = sets.get(r.sourceHash) ?? {};
    const entry = `${variantUrl(r.blobHash, r.format)} ${r.outWidth}w`;
    set[r.format] = set[r.format] ? `${set[r.format]}, ${entry}` : entry;
    sets.set(r.sourceHash, set);
  }
  return sets;
}
