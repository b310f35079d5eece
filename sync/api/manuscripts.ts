/** POST /api/manuscripts/import: a DOCX, Markdown or EPUB file as the raw body → a new manuscript. */
export const MANUSCRIPT_IMPORT_EXTENSIONS = ['.docx', '.md', '.markdown', '.epub'] as const;
/** Mirrors the server's IMPORT_MAX_UPLOAD_BYTES so the page can refuse a file before uploading it. */
export const MANUSCRIPT_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export interface ManuscriptImportResponse {
  manuscriptId: string;
  /** In order; the first is opened after the import. */
  chapterIds: string[];
  title: string;
  format: 'docx' | 'markdown' | 'epub';
  /** Pictures in the file that were left out (the editor has no images yet). */
  imagesSkipped: number;
}
