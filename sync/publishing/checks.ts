/**
 * The automatic checks of a submitted edition (issue 13, decision 045): their names, what the
 * pages call them, and which of them stop a reviewer approving the edition. Both sides import it:
 * the server refuses an approval the table forbids, the review page says why and greys the button.
 */

export const CHECK_STATUSES = ['pending', 'passed', 'warning', 'failed', 'not_run'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** A chapter under this many words (with no picture) is reported as tiny. */
export const TINY_CHAPTER_WORDS = 100;
/** An image over this many bytes is reported: it makes the EPUB slow to download and some stores refuse it. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

interface CheckDefinition {
  label: string;
  /** A failure of this check stops approval (the other checks' failures are for the reviewer to weigh). */
  blocksApproval: boolean;
}

/** In the order the pages list them. */
const EDITION_CHECKS = {
  fields: { label: 'Required details', blocksApproval: true },
  isbn: { label: 'ISBN', blocksApproval: true },
  cover: { label: 'Cover', blocksApproval: true },
  chapters: { label: 'Empty or tiny chapters', blocksApproval: false },
  links: { label: 'Internal links', blocksApproval: false },
  images: { label: 'Image sizes', blocksApproval: false },
  epubcheck: { label: 'EPUB passes epubcheck', blocksApproval: true },
} as const satisfies Record<string, CheckDefinition>;
export type CheckName = keyof typeof EDITION_CHECKS;
export const CHECK_NAMES = Object.keys(EDITION_CHECKS) as CheckName[];

export const checkLabel = (name: string) => (EDITION_CHECKS as Record<string, CheckDefinition>)[name]?.label ?? name;

/** Whether this result stops approval: a blocking check that failed, or any check still running. */
export function blocksApproval(check: { name: string; status: CheckStatus }): boolean {
  if (check.status === 'pending') return true;
  return check.status === 'failed' && ((EDITION_CHECKS as Record<string, CheckDefinition>)[check.name]?.blocksApproval ?? false);
}

/** Why the edition cannot be approved yet, in words; null when nothing stands in the way. */
export function approvalBlocker(checks: { name: string; status: CheckStatus }[]): string | null {
  if (checks.some((c) => c.status === 'pending')) return 'The automatic checks are still running.';
  const failed = checks.filter(blocksApproval).map((c) => checkLabel(c.name));
  if (failed.length === 0) return null;
  return `Approval is blocked by failed checks: ${failed.join(', ')}. Ask the author for changes.`;
}
