/**
 * Paths inside the container: hrefs are relative to the document that holds them, may be
 * percent-encoded and may carry a fragment. Everything resolves to a ZIP entry name; anything
 * that climbs out of the container or is not a relative reference resolves to null.
 */
import { isUnsafeEntryName } from '../../files/zip-archive';

export interface ResolvedHref {
  path: string;
  fragment?: string;
}

export function dirOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash >= 0 ? path.slice(0, slash + 1) : '';
}

/** True for absolute URLs and other schemes (http:, mailto:, javascript:, data:…). */
export function hasScheme(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href.trim()) || href.trim().startsWith('//');
}

export function resolveHref(base: string, href: string): ResolvedHref | null {
  const trimmed = href.trim();
  if (trimmed === '' || hasScheme(trimmed)) return null;
  const hash = trimmed.indexOf('#');
  const rawPath = hash >= 0 ? trimmed.slice(0, hash) : trimmed;
  const rawFragment = hash >= 0 ? trimmed.slice(hash + 1) : undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath.split('?')[0]!);
  } catch {
    return null;
  }
  if (decoded.startsWith('/')) return null;
  const segments = (decoded === '' ? base : dirOf(base) + decoded).split('/');
  const out: string[] = [];
  for (const segment of segments) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(segment);
  }
  const path = out.join('/');
  if (path === '' || isUnsafeEntryName(path)) return null;
  let fragment: string | undefined;
  if (rawFragment) {
    try {
      fragment = decodeURIComponent(rawFragment);
    } catch {
      fragment = rawFragment;
    }
  }
  return fragment ? { path, fragment } : { path };
}
