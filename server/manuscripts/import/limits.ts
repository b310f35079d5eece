/**
 * Bounds of a manuscript import. The conversion runs inline in the request (see
 * docs/decisions/009-manuscript-import.md), so these also bound how long it can take.
 */
import { MANUSCRIPT_IMPORT_MAX_BYTES } from '../../../sync/api/manuscripts';

/** Largest upload; DOCX and EPUB images are skipped, so text-only manuscripts are far smaller. */
export const IMPORT_MAX_UPLOAD_BYTES = MANUSCRIPT_IMPORT_MAX_BYTES;
/**
 * Largest Markdown file. Text costs far more than its bytes: every chapter becomes a Lexical
 * editor state and a Yjs document, then is rendered again from it (about 0.7 s and 100 MB per MB
 * of Markdown, measured). A 150,000-word novel is about 0.9 MB of Markdown; 2 MB is some 350,000
 * words, and a longer manuscript imports in parts.
 */
export const IMPORT_MAX_MARKDOWN_BYTES = 2 * 1024 * 1024;
/** Chapters one import may create. */
export const IMPORT_MAX_CHAPTERS = 300;
/** Characters of sanitised HTML in one chapter (about a 300,000-word chapter). */
export const IMPORT_MAX_CHAPTER_CHARS = 2_000_000;
/** Characters of sanitised HTML in the whole manuscript: Moby-Dick is about 1.5 M and converts in about a second. */
export const IMPORT_MAX_TOTAL_CHARS = 4_000_000;
/** Imports per account per hour: each one is seconds of CPU at most, but not free. */
export const IMPORT_RATE_LIMIT = { points: 20, windowSeconds: 3600 };
