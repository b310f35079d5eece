/**
 * Who may read what of a book. Shared so the reader shows a lock exactly where the API refuses.
 * Owners (a library entry), the book's own contributors and admins read everything; everyone
 * else — signed out included — reads the free sample (the first chapter in reading order) of a
 * published book. Unpublished books do not exist for anyone without full access. A sideloaded
 * book (a reader's own EPUB) is private: it exists for its owner alone, admins included out.
 */
import type { Role } from '../roles';

export interface Viewer {
  roles: readonly Role[];
  status: 'active' | 'suspended' | 'deleting';
}

export interface EntitlementInput {
  viewer: Viewer | null;
  published: boolean;
  /** The viewer has the book in their library. */
  owns: boolean;
  /** The viewer is linked to one of the book's contributors. */
  contributes: boolean;
  /** A sideloaded book: `owns` means the viewer is the one who uploaded it. */
  private?: boolean;
}

export type BookAccess = 'full' | 'sample' | 'none';

export function bookAccess({ viewer, published, owns, contributes, private: isPrivate = false }: EntitlementInput): BookAccess {
  const active = viewer !== null && viewer.status !== 'suspended';
  if (isPrivate) return active && owns ? 'full' : 'none';
  if (active && (owns || contributes || viewer.roles.includes('admin'))) return 'full';
  return published ? 'sample' : 'none';
}

export type ChapterDecision = 'allow' | 'unauthenticated' | 'forbidden' | 'not_found';

/** A chapter's fate given the access level: the sample chapter is open to all who see the book. */
export function chapterDecision(access: BookAccess, isSample: boolean, signedIn: boolean): ChapterDecision {
  if (access === 'full') return 'allow';
  if (access === 'none') return 'not_found';
  if (isSample) return 'allow';
  return signedIn ? 'forbidden' : 'unauthenticated';
}

/** The free sample: the first chapter the reader pages through (linear), else the first. */
export function sampleChapterId(chapters: readonly { id: string; linear: boolean }[]): string | undefined {
  return (chapters.find((c) => c.linear) ?? chapters[0])?.id;
}

/** Only free, published books can be claimed into a library without a purchase. */
export function canClaim(book: { published: boolean; priceCents: number }): boolean {
  return book.published && book.priceCents === 0;
}
