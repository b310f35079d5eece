/** Wire types of /api/manuscripts: importing a file as a manuscript, and a manuscript as a book for the reader. */
import * as z from 'zod/mini';
import { BookDetailSchema, ChapterSchema } from './books';
import { endpoint } from './contract';

export const MANUSCRIPT_IMPORT_EXTENSIONS = ['.docx', '.md', '.markdown', '.epub'] as const;
/** Mirrors the server's IMPORT_MAX_UPLOAD_BYTES so the page can refuse a file before uploading it. */
export const MANUSCRIPT_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** A DOCX, Markdown or EPUB file as the raw body (sent with upload progress) → a new manuscript. */
export const importManuscript = endpoint({
  method: 'POST',
  path: '/api/manuscripts/import',
  /** Names the manuscript only when the file does not. */
  query: z.object({ name: z.optional(z.string()) }),
  status: 201,
  response: z.object({
    manuscriptId: z.string(),
    /** In order; the first is opened after the import. */
    chapterIds: z.array(z.string()),
    title: z.string(),
    format: z.enum(['docx', 'markdown', 'epub']),
    /** Pictures in the file that were left out. */
    imagesSkipped: z.number(),
  }),
});
export type ManuscriptImportResponse = z.infer<typeof importManuscript.response>;

/** A manuscript in the reader's book shape (status "manuscript"), for its owner and co-authors only. */
export const getManuscriptBook = endpoint({ method: 'GET', path: '/api/manuscripts/:id/book', response: BookDetailSchema });
export const getManuscriptChapter = endpoint({ method: 'GET', path: '/api/manuscripts/:id/book/chapters/:chapterId', response: ChapterSchema });
