/**
 * A blog post's address, /blog/{slug}: lower-case words joined by hyphens, suggested from the
 * title while the author has not typed one. Shared so the form suggests exactly what the API
 * accepts.
 */
export const SLUG_MAX = 80;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "Écrire à deux: notes from a co-author" → "ecrire-a-deux-notes-from-a-co-author". */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (words.length <= SLUG_MAX) return words;
  // Cut at a word boundary when there is one in reach.
  const cut = words.slice(0, SLUG_MAX + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > SLUG_MAX / 2 ? cut.slice(0, lastHyphen) : cut.slice(0, SLUG_MAX)).replace(/-+$/, '');
}

export const TAG_MAX = 30;
export const TAGS_MAX = 8;

/** A tag as stored and as it appears in /blog?tag=: trimmed, lower-case, single spaces. */
export function normalizeTag(tag: string): string {
  return tag.trim().toLowerCase().replace(/\s+/g, ' ');
}
