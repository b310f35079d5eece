/**
 * The imprint's ISBN pool (/publisher/isbn): the ISBN-13s an imprint bought, free or assigned to
 * one of its books; imported as a block (a start and a count) or a pasted list with a report of
 * every line that was not imported; assigned, released, exported as CSV (a plain download at
 * `isbnCsvPath`). Every member reads; the owner and managers change (sync/roles.ts); anyone else
 * is told the imprint does not exist.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { IMPRINT_ROLES } from '../roles';
import { endpoint } from './contract';

export const ISBN_PAGE_SIZE = 50;
/** At most this many ISBNs in one import, a block or a list. */
export const ISBN_IMPORT_MAX = 1000;
const LIST_CHARS_MAX = 50_000;

export const ISBN_STATES = ['all', 'free', 'assigned'] as const;
export type IsbnStateFilter = (typeof ISBN_STATES)[number];

/** Why a line of an import was left out: sync/isbn.ts's problems, then what the pool knows. */
const IMPORT_PROBLEMS = ['characters', 'length', 'prefix', 'checksum', 'duplicate', 'in-pool', 'other-imprint', 'other-book'] as const;
export type ImportProblem = (typeof IMPORT_PROBLEMS)[number];

const ImprintSchema = zm.object({ id: zm.string(), name: zm.string(), role: zm.enum(IMPRINT_ROLES) });
export type MyImprint = zm.infer<typeof ImprintSchema>;

/** The imprints the account is a member of, with its role in each. */
export const listMyImprints = endpoint({
  method: 'GET',
  path: '/api/publisher/imprints',
  response: zm.object({ imprints: zm.array(ImprintSchema) }),
});

const PoolIsbnSchema = zm.object({
  /** Canonical: 13 digits, no hyphens. */
  isbn: zm.string(),
  /** Hyphenated by the ISBN agency's ranges; the 13 digits when the range is unknown. */
  hyphenated: zm.string(),
  /** The ISBN-10 of a 978 number; null for 979. */
  isbn10: zm.nullable(zm.string()),
  book: zm.nullable(zm.object({ id: zm.string(), title: zm.string(), published: zm.boolean() })),
  assignedAt: zm.nullable(zm.number()),
  addedAt: zm.number(),
});
export type PoolIsbn = zm.infer<typeof PoolIsbnSchema>;

const IsbnListQuery = z.object({
  state: z.enum(ISBN_STATES).optional().default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const listIsbns = endpoint({
  method: 'GET',
  path: '/api/publisher/imprints/:imprintId/isbns',
  query: IsbnListQuery,
  response: zm.object({
    items: zm.array(PoolIsbnSchema),
    page: zm.number(),
    pageSize: zm.number(),
    /** How many match the filter. */
    total: zm.number(),
    /** The whole pool's. */
    counts: zm.object({ free: zm.number(), assigned: zm.number() }),
  }),
});

/** The imprint's books that can take an ISBN from the pool: they have none yet. */
export const listIsbnlessBooks = endpoint({
  method: 'GET',
  path: '/api/publisher/imprints/:imprintId/isbn-books',
  response: zm.object({ books: zm.array(zm.object({ id: zm.string(), title: zm.string(), status: zm.string() })) }),
});

const BlockImport = z.strictObject({
  kind: z.literal('block'),
  start: z.string({ error: 'Enter the first ISBN of the block.' }).trim().min(1, 'Enter the first ISBN of the block.').max(40, 'That is too long for an ISBN.'),
  count: z
    .number({ error: 'Enter how many ISBNs the block has.' })
    .int('Enter a whole number.')
    .min(1, 'A block has at least one ISBN.')
    .max(ISBN_IMPORT_MAX, `Import at most ${ISBN_IMPORT_MAX.toLocaleString('en')} at a time.`),
});
const ListImport = z.strictObject({
  kind: z.literal('list'),
  text: z
    .string({ error: 'Paste one ISBN per line.' })
    .max(LIST_CHARS_MAX, `Paste at most ${ISBN_IMPORT_MAX.toLocaleString('en')} ISBNs at a time.`)
    .refine((t) => t.trim() !== '', 'Paste one ISBN per line.'),
});
export const IsbnImportInput = z.discriminatedUnion('kind', [BlockImport, ListImport]);
export type IsbnImportInput = z.input<typeof IsbnImportInput>;

const ProblemSchema = zm.object({
  /** The line of the pasted list, or the position in the block (1 first). */
  line: zm.number(),
  input: zm.string(),
  problem: zm.enum(IMPORT_PROBLEMS),
  message: zm.string(),
});
export type ImportProblemLine = zm.infer<typeof ProblemSchema>;

export const importIsbns = endpoint({
  method: 'POST',
  path: '/api/publisher/imprints/:imprintId/isbns/import',
  body: IsbnImportInput,
  response: zm.object({
    kind: zm.enum(['block', 'list']),
    /** The ISBN-13s now in the pool, in the order given. */
    imported: zm.array(zm.string()),
    /** Of those, the ones a book of the imprint already carried: imported as assigned to it. */
    linkedToBooks: zm.number(),
    problems: zm.array(ProblemSchema),
  }),
});

const IsbnAnswer = zm.object({ isbn: PoolIsbnSchema });

const AssignIsbnInput = z.strictObject({ bookId: z.string({ error: 'Choose a book.' }).min(1, 'Choose a book.').max(64) });

/** Give a free ISBN to one of the imprint's books that has none; the book's ISBN is set with it. */
export const assignIsbn = endpoint({
  method: 'PUT',
  path: '/api/publisher/imprints/:imprintId/isbns/:isbn/assignment',
  body: AssignIsbnInput,
  response: IsbnAnswer,
});

/** Back to free, while the book was never published: a published edition keeps its ISBN. */
export const releaseIsbn = endpoint({
  method: 'DELETE',
  path: '/api/publisher/imprints/:imprintId/isbns/:isbn/assignment',
  response: IsbnAnswer,
});

/** Every ISBN of the pool as CSV (a download, so not a typed endpoint). */
export const isbnCsvPath = (imprintId: string) => `/api/publisher/imprints/${encodeURIComponent(imprintId)}/isbns.csv`;
