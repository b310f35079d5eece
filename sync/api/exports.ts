/**
 * /api/exports (server/exports, decisions 041 and 068): a manuscript or an owned book to EPUB 3,
 * Word, a print PDF or Markdown, and the account's data (JSON) and files (ZIP). Each export is a job: asked for here
 * (202), watched through the list (state, progress, why it failed), and downloaded from its link
 * until it expires. The download itself (`GET /api/exports/:id/download`) answers with the file's
 * bytes, not JSON, so it is a plain route beside these.
 */
import * as z from 'zod/mini';
import { EXPORT_FORMATS, EXPORT_SOURCES, EXPORT_STATES } from '../exports/rules';
import { endpoint } from './contract';

const ExportItemSchema = z.object({
  id: z.string(),
  source: z.enum(EXPORT_SOURCES),
  sourceId: z.nullable(z.string()),
  title: z.string(),
  format: z.enum(EXPORT_FORMATS),
  /** A print PDF's trim size (sync/print/trim.ts); null for other formats. */
  trim: z.nullable(z.string()),
  state: z.enum(EXPORT_STATES),
  /** 0 to 1. */
  progress: z.number(),
  /** Why it failed, in words for its owner. */
  error: z.nullable(z.string()),
  fileName: z.nullable(z.string()),
  size: z.nullable(z.number()),
  /** Set while the file can be downloaded. */
  downloadUrl: z.nullable(z.string()),
  expiresAt: z.nullable(z.number()),
  createdAt: z.number(),
});
export type ExportItem = z.infer<typeof ExportItemSchema>;

const SourceSchema = z.object({ id: z.string(), title: z.string() });

export const listExports = endpoint({
  method: 'GET',
  path: '/api/exports',
  response: z.object({
    exports: z.array(ExportItemSchema),
    /** What this account may export. */
    manuscripts: z.array(SourceSchema),
    books: z.array(SourceSchema),
    /** Whether this server can make print PDFs (it needs Chromium); the print layout prints from the browser either way. */
    printPdf: z.boolean(),
  }),
});
export type ExportsResponse = z.infer<typeof listExports.response>;

export const startExport = endpoint({
  method: 'POST',
  path: '/api/exports',
  body: z.object({
    source: z.enum(EXPORT_SOURCES),
    /** The manuscript's or book's id; absent for the account. */
    id: z.optional(z.string().check(z.maxLength(64))),
    format: z.enum(EXPORT_FORMATS),
    /** A print PDF's trim size: a sync/print/trim.ts id (6 × 9 in when absent). */
    trim: z.optional(z.string().check(z.maxLength(20))),
  }),
  status: 202,
  response: z.object({ export: ExportItemSchema }),
});

export const getExport = endpoint({ method: 'GET', path: '/api/exports/:id', response: z.object({ export: ExportItemSchema }) });

export const deleteExport = endpoint({ method: 'DELETE', path: '/api/exports/:id', status: 204, response: z.undefined() });

export const exportDownloadUrl = (id: string) => `/api/exports/${encodeURIComponent(id)}/download`;
