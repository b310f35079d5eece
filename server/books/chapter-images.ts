/**
 * A book chapter's images with their variants (server/images/chapter-pictures.ts): the `<img>`s
 * that show one of the book's own assets, found by the asset route's URL the sanitiser wrote.
 */
import type { DB } from '../db/connection';
import { imageSources, withPictures } from '../images/chapter-pictures';
import { assetUrl } from './epub/assets';

function assetPathOf(src: string, prefix: string): string | null {
  if (!src.startsWith(prefix)) return null;
  try {
    return src.slice(prefix.length).replace(/&amp;/g, '&').split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}

export async function withImageVariants(db: DB, bookId: string, xhtml: string): Promise<string> {
  const prefix = assetUrl(bookId, '');
  const pathOfSrc = new Map(imageSources(xhtml).flatMap((src) => (assetPathOf(src, prefix) ? [[src, assetPathOf(src, prefix)!] as const] : [])));
  if (pathOfSrc.size === 0) return xhtml;
  const assets = await db
    .selectFrom('bookAssets')
    .select(['path', 'blobHash'])
    .where('bookId', '=', bookId)
    .where('path', 'in', [...new Set(pathOfSrc.values())])
    .execute();
  const hashOfPath = new Map(assets.map((a) => [a.path, a.blobHash]));
  const hashOfSrc = new Map([...pathOfSrc].flatMap(([src, path]) => (hashOfPath.has(path) ? [[src, hashOfPath.get(path)!] as const] : [])));
  return withPictures(db, xhtml, hashOfSrc);
}
