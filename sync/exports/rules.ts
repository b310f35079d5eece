/**
 * What may be exported, by whom, and for how long the file stays (issue 13 "Exports"). Shared so
 * /export offers exactly what the API accepts. A manuscript is exported by its owner and its
 * co-authors who may edit (role editor); commenters and viewers may read it but not take it away.
 * A book is exported by the people who own it (in their library, or sideloaded) or wrote it:
 * every book Quire holds is DRM-free (imports refuse protected files, server/books/epub/drm.ts).
 */
import type { ManuscriptRole } from '../manuscripts/policy';

export const EXPORT_SOURCES = ['manuscript', 'book', 'account'] as const;
export type ExportSource = (typeof EXPORT_SOURCES)[number];
export const BOOK_FORMATS = ['epub', 'docx', 'pdf', 'markdown'] as const;
const ACCOUNT_FORMATS = ['account-json', 'account-files'] as const;
export const EXPORT_FORMATS = [...BOOK_FORMATS, ...ACCOUNT_FORMATS] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** How long a finished export's download link works. */
export const EXPORT_LINK_HOURS = 24;
/** Exports one account may have waiting or running at once. */
export const MAX_PENDING_EXPORTS = 3;

export const FORMAT_LABELS: Record<ExportFormat, string> = {
  epub: 'EPUB 3',
  docx: 'Word (DOCX)',
  pdf: 'Print PDF',
  markdown: 'Markdown',
  'account-json': 'Account data (JSON)',
  'account-files': 'My files (ZIP)',
};

/** Whether a format fits a source: books and manuscripts take EPUB, DOCX, print PDF and Markdown, the account its two. */
export function formatFits(source: ExportSource, format: ExportFormat): boolean {
  return source === 'account' ? (ACCOUNT_FORMATS as readonly string[]).includes(format) : (BOOK_FORMATS as readonly string[]).includes(format);
}

/** 'allow', or how to refuse: a reader of the manuscript is told no (403), a stranger that it is not there (404). */
export function manuscriptExportDecision(role: ManuscriptRole | null): 'allow' | 'forbidden' | 'not_found' {
  if (role === 'owner' || role === 'editor') return 'allow';
  return role === null ? 'not_found' : 'forbidden';
}
