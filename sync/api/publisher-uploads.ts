/**
 * Publisher uploads (/publisher/upload-single, /publisher/upload-bulk, /publisher/uploads). Files
 * go up as raw request bodies (no multipart, so progress counts exactly the bytes) and each is
 * checked as it streams in: a metadata file (CSV or ONIX 3.0) becomes an upload with one item per
 * row and a per-row report, before anything is imported; a ZIP of EPUBs and covers is matched to
 * the rows; `start` hands the ready rows to a background job whose progress the upload shows.
 * Every member of the imprint may upload (sync/roles.ts 'uploads:manage'); anyone else is told
 * the imprint does not exist, a reader is refused (403).
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { UPLOAD_ACTIONS } from '../uploads';
import { endpoint } from './contract';

export const UPLOADS_PAGE_SIZE = 20;
/** An upload's rows come a page at a time: a file may have 50,000. */
export const UPLOAD_ITEMS_PAGE_SIZE = 100;
/** Every row, or only those not valid or failed. */
export const UPLOAD_ITEMS_SHOWN = ['all', 'problems'] as const;
export type UploadItemsShown = (typeof UPLOAD_ITEMS_SHOWN)[number];

const STATUSES = ['checked', 'queued', 'running', 'done'] as const;
const ITEM_STATUSES = ['invalid', 'ready', 'imported', 'failed'] as const;
export type UploadItemStatus = (typeof ITEM_STATUSES)[number];

const CountsSchema = zm.object({ invalid: zm.number(), ready: zm.number(), imported: zm.number(), failed: zm.number() });

const UploadSummarySchema = zm.object({
  id: zm.string(),
  kind: zm.enum(['single', 'bulk']),
  format: zm.enum(['epub', 'csv', 'onix']),
  fileName: zm.string(),
  archiveName: zm.nullable(zm.string()),
  hasCover: zm.boolean(),
  status: zm.enum(STATUSES),
  uploader: zm.nullable(zm.string()),
  counts: CountsSchema,
  createdAt: zm.number(),
  startedAt: zm.nullable(zm.number()),
  finishedAt: zm.nullable(zm.number()),
});
export type UploadSummary = zm.infer<typeof UploadSummarySchema>;

const ItemSchema = zm.object({
  row: zm.number(),
  reference: zm.string(),
  isbn: zm.string(),
  action: zm.nullable(zm.enum(UPLOAD_ACTIONS)),
  title: zm.string(),
  authors: zm.array(zm.string()),
  language: zm.string(),
  priceCents: zm.nullable(zm.number()),
  currency: zm.string(),
  description: zm.string(),
  status: zm.enum(ITEM_STATUSES),
  problems: zm.array(zm.string()),
  /** Notes that do not stop the import: a named file missing from the ZIP. */
  warnings: zm.array(zm.string()),
  message: zm.string(),
  epubEntry: zm.nullable(zm.string()),
  coverEntry: zm.nullable(zm.string()),
  bookId: zm.nullable(zm.string()),
});
export type UploadItem = zm.infer<typeof ItemSchema>;

/** The upload, its counts, and one page of its rows in row order (`total` rows match `show`). */
const DetailSchema = zm.object({
  upload: UploadSummarySchema,
  items: zm.array(ItemSchema),
  page: zm.number(),
  pageSize: zm.number(),
  total: zm.number(),
  show: zm.enum(UPLOAD_ITEMS_SHOWN),
});
export type UploadDetail = zm.infer<typeof DetailSchema>;

const ImprintQuery = z.object({
  imprintId: z.string({ error: 'Choose an imprint.' }).min(1, 'Choose an imprint.').max(64),
  name: z.string().max(255).optional(),
});
const UploadQuery = z.object({
  uploadId: z.string({ error: 'Upload the metadata or the EPUB first.' }).min(1).max(64),
  name: z.string().max(255).optional(),
});

/** A CSV or ONIX file as the body: parsed as it streams in; 422 with the reason when the file as a whole cannot be read. */
export const checkMetadata = endpoint({ method: 'POST', path: '/api/publisher/uploads/metadata', query: ImprintQuery, status: 201, response: DetailSchema });

/** The ZIP of EPUBs and covers for a checked bulk upload: its entries are matched to the rows by file name or ISBN. */
export const attachArchive = endpoint({ method: 'POST', path: '/api/publisher/uploads/archive', query: UploadQuery, response: DetailSchema });

/** One EPUB as the body: its package's metadata, to confirm before it becomes a draft. */
export const checkEpub = endpoint({ method: 'POST', path: '/api/publisher/uploads/epub', query: ImprintQuery, status: 201, response: DetailSchema });

/** A cover image (JPEG, PNG or WebP) for a checked single upload. */
export const attachCover = endpoint({ method: 'POST', path: '/api/publisher/uploads/cover', query: UploadQuery, response: DetailSchema });

const PRICE = /^\d{1,7}(\.\d{1,3})?$/;
const StartInput = z.strictObject({
  /** A single upload's price, which an EPUB does not carry (a decimal in `currency`). */
  price: z.string().trim().regex(PRICE, 'Write the price like 9.99, without a currency sign.').optional(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code, like USD.')
    .optional(),
});

/** Import the ready rows as a background job (202); the upload shows its progress. */
export const startUpload = endpoint({
  method: 'POST',
  path: '/api/publisher/imprints/:imprintId/uploads/:uploadId/start',
  body: StartInput,
  status: 202,
  response: DetailSchema,
});

/** The failed rows again, as a new run of the job. */
export const retryUpload = endpoint({
  method: 'POST',
  path: '/api/publisher/imprints/:imprintId/uploads/:uploadId/retry',
  status: 202,
  response: DetailSchema,
});

/** The upload with one page of its rows (the file-upload answers above carry the first page). */
export const getUpload = endpoint({
  method: 'GET',
  path: '/api/publisher/imprints/:imprintId/uploads/:uploadId',
  query: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1), show: z.enum(UPLOAD_ITEMS_SHOWN).default('all') }),
  response: DetailSchema,
});

export const listUploads = endpoint({
  method: 'GET',
  path: '/api/publisher/imprints/:imprintId/uploads',
  query: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
  response: zm.object({ uploads: zm.array(UploadSummarySchema), page: zm.number(), pageSize: zm.number(), total: zm.number() }),
});

/** Every row that was not imported, with its reasons, as CSV (a download, so not a typed endpoint). */
export const uploadErrorsCsvPath = (imprintId: string, uploadId: string) =>
  `/api/publisher/imprints/${encodeURIComponent(imprintId)}/uploads/${encodeURIComponent(uploadId)}/errors.csv`;
