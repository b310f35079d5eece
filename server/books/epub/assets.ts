/**
 * Which manifest items become book assets (images, fonts, stylesheets — nothing executable or
 * remote), under which canonical path (relative to the package directory, restricted to the
 * canonical path alphabet), and the URL the reader fetches them from.
 */
import type { ManifestItem } from './package';
import { dirOf } from './paths';

const ASSET_TYPES =
  /^(image\/(jpeg|png|gif|webp|avif|svg\+xml)|font\/[a-z0-9.+-]+|application\/(font-woff2?|x-font-ttf|x-font-truetype|x-font-opentype|vnd\.ms-opentype|font-sfnt)|text\/css)$/;
const MAX_ASSET_PATH = 300;

export function isAssetType(mediaType: string): boolean {
  return ASSET_TYPES.test(mediaType);
}

/** Canonical asset paths for the kept manifest items, keyed by ZIP path; unique and stable. */
export function assetPaths(items: ManifestItem[], opfPath: string): Map<string, string> {
  const base = dirOf(opfPath);
  const taken = new Set<string>();
  const out = new Map<string, string>();
  for (const item of [...items].sort((a, b) => a.path.localeCompare(b.path))) {
    const relative = base && item.path.startsWith(base) ? item.path.slice(base.length) : item.path;
    let path = relative
      .replace(/[^A-Za-z0-9._\-/]/g, '_')
      .split('/')
      .map((s) => (s === '..' || s === '' ? '_' : s))
      .join('/')
      .slice(-MAX_ASSET_PATH);
    while (taken.has(path)) path = `_${path}`.slice(0, MAX_ASSET_PATH);
    taken.add(path);
    out.set(item.path, path);
  }
  return out;
}

export function assetUrl(bookId: string, assetPath: string): string {
  return `/api/books/${encodeURIComponent(bookId)}/assets/${assetPath.split('/').map(encodeURIComponent).join('/')}`;
}

export function bookScope(bookId: string): string {
  return `.quire-book[data-book="${bookId.replace(/["\\]/g, '')}"]`;
}
