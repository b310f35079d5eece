/**
 * The imprint's books (/publisher/books, /publisher/books/{id}/edit; server/publisher-books,
 * decision 044): the catalogue with its publishing states, and one book's editing — details and
 * contributors (the shared metadata schema), an ISBN from the pool or typed, the EPUB and cover
 * files, and the commands of sync/publishing/state-machine.ts (submitting to the same review as
 * an author's manuscript). Every member may edit (sync/roles.ts 'books:edit'); the ISBN is for the
 * owner and managers ('isbns:manage'); anyone else is told the imprint does not exist.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { ImprintBookMetadataSchema } from '../publishing/metadata';
import { PUBLISHING_ACTIONS, PUBLISHING_STATES } from '../publishing/state-machine';
import { endpoint } from './contract';
import { EventSchema, MetadataSchema, PublishingCommandInput } from './publishing';

export const IMPRINT_BOOKS_PAGE_SIZE = 20;
/** How many free pool ISBNs the edit page offers to pick from. */
export const FREE_ISBNS_OFFERED = 20;

const StateSchema = zm.enum(PUBLISHING_STATES);

const ImprintBookSummarySchema = zm.object({
  id: zm.string(),
  /** The details as last saved on the edit page, else the book's own. */
  title: zm.string(),
  authors: zm.array(zm.string()),
  state: StateSchema,
  /** In the store now. */
  listed: zm.boolean(),
  priceCents: zm.number(),
  currency: zm.string(),
  isbn: zm.nullable(zm.string()),
  coverUrl: zm.nullable(zm.string()),
  updatedAt: zm.number(),
});
export type ImprintBookSummary = zm.infer<typeof ImprintBookSummarySchema>;

const BooksQuery = z.object({
  state: z.enum(PUBLISHING_STATES).optional(),
  /** Words of the title, or an ISBN (10 or 13 digits, hyphens allowed). */
  q: z.string().trim().max(100).optional().default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const listImprintBooks = endpoint({
  method: 'GET',
  path: '/api/publisher/imprints/:imprintId/books',
  query: BooksQuery,
  response: zm.object({
    items: zm.array(ImprintBookSummarySchema),
    total: zm.number(),
    page: zm.number(),
    pageSize: zm.number(),
    /** Every book of the imprint per state, whatever the filter. */
    counts: zm.record(StateSchema, zm.number()),
  }),
});

/** What new files change compared with the live book (decision 065). */
const PendingFileChangesSchema = zm.object({
  /** A new EPUB: its size, and its chapters compared with the live book's (same id, same chapter). */
  epub: zm.nullable(
    zm.object({
      bytes: zm.number(),
      chaptersBefore: zm.number(),
      chaptersAfter: zm.number(),
      /** Titles of the chapters added and removed (the first few); the counts are all of them. */
      added: zm.array(zm.string()),
      removed: zm.array(zm.string()),
      addedCount: zm.number(),
      removedCount: zm.number(),
      /** Chapters in both whose text or title differs. */
      edited: zm.number(),
    }),
  ),
  /** A new cover (uploaded, or the new EPUB's own). */
  cover: zm.nullable(zm.object({ mediaType: zm.string() })),
});
export type PendingFileChanges = zm.infer<typeof PendingFileChangesSchema>;

/** New files of a book in the store, waiting beside the live edition for submission and approval. */
const PendingFilesSchema = zm.object({
  ...PendingFileChangesSchema.shape,
  /** The new cover, for the members to see (GET …/pending-cover); null when the cover stays. */
  coverUrl: zm.nullable(zm.string()),
  changedAt: zm.number(),
  changedBy: zm.nullable(zm.string()),
});
export type PendingFiles = zm.infer<typeof PendingFilesSchema>;

const ImprintBookDetailSchema = zm.object({
  ...ImprintBookSummarySchema.shape,
  /** The details the next submission takes: as saved here, or read from the book until then. */
  metadata: MetadataSchema,
  /** The details were saved on this page (a submission needs that). */
  saved: zm.boolean(),
  isbn10: zm.nullable(zm.string()),
  chapterCount: zm.number(),
  /** The commands the viewer may give now (the buttons to show). */
  actions: zm.array(zm.enum(PUBLISHING_ACTIONS)),
  /** The viewer may set the ISBN (owner or manager), and the book may still take one. */
  mayChangeIsbn: zm.boolean(),
  /** Why the files cannot be replaced now; null when they can. */
  filesLocked: zm.nullable(zm.string()),
  /** A book in the store: new files wait here for review and the live edition stays on sale (decision 065). */
  pendingFiles: zm.nullable(PendingFilesSchema),
  /** Free ISBNs of the imprint's pool to choose from (for those who may set the ISBN). */
  freeIsbns: zm.array(zm.string()),
  /** The edition under review or last submitted, readable at /books/edition/{id}. */
  pendingEditionId: zm.nullable(zm.string()),
  /** History and the reviewers' feedback, oldest first. */
  events: zm.array(EventSchema),
});
export type ImprintBookDetail = zm.infer<typeof ImprintBookDetailSchema>;

const BOOK = '/api/publisher/imprints/:imprintId/books/:bookId';

export const getImprintBook = endpoint({ method: 'GET', path: BOOK, response: ImprintBookDetailSchema });

/** Save the details (422 per field); the store sees them with the next approved edition. */
export const saveImprintBookMetadata = endpoint({
  method: 'PUT',
  path: `${BOOK}/metadata`,
  body: ImprintBookMetadataSchema,
  response: ImprintBookDetailSchema,
});

/** Give the book an ISBN: a free one of the pool, or one typed (ISBN-10 is converted); checksum and uniqueness checked. */
export const setImprintBookIsbn = endpoint({
  method: 'PUT',
  path: `${BOOK}/isbn`,
  body: z.strictObject({ isbn: z.string({ error: 'Enter an ISBN.' }).trim().min(1, 'Enter an ISBN.').max(30, 'An ISBN has 10 or 13 digits.') }),
  response: ImprintBookDetailSchema,
});

/** The state machine's commands (submit, unlist, republish for the imprint): 403 / 409 as for authors. */
export const runImprintBookCommand = endpoint({
  method: 'POST',
  path: `${BOOK}/commands`,
  body: PublishingCommandInput,
  response: ImprintBookDetailSchema,
});

/**
 * Replace the book's text with an EPUB (the raw body); its details stay as saved here. For a book
 * in the store the files wait as an update (`pendingFiles`) until submitted and approved.
 */
export const replaceImprintBookEpub = endpoint({ method: 'POST', path: `${BOOK}/epub`, response: ImprintBookDetailSchema });

/** Replace the cover (a JPEG, PNG or WebP image as the raw body). */
export const replaceImprintBookCover = endpoint({ method: 'POST', path: `${BOOK}/cover`, response: ImprintBookDetailSchema });

/** Throw away new files that were not submitted (or were sent back): the next submission takes the live ones. */
export const discardImprintBookFiles = endpoint({ method: 'DELETE', path: `${BOOK}/pending-files`, response: ImprintBookDetailSchema });
