/**
 * "Ask this book" (server/ask): a reader who may read the whole book asks a question and gets the
 * passages that answer it, ranked — the book's own text, never generated — each with its place
 * (a chapter and a text-quote anchor) and the words that matched; feedback per answer; and the
 * admin's /admin/rag-monitoring with re-indexing as a job. The offline index in the browser
 * answers in the same shape (src/features/reader/ask).
 */
import * as z from 'zod/mini';
import { endpoint } from './contract';

export const QUESTION_MAX = 300;
/** Answers per question. */
export const ASK_ANSWERS = 8;

const QUESTION_MESSAGE = `Ask a question of 2 to ${QUESTION_MAX} characters.`;
export const AskInput = z.object({
  question: z
    .string({ error: QUESTION_MESSAGE })
    .check(z.trim(), z.minLength(2, { error: QUESTION_MESSAGE }), z.maxLength(QUESTION_MAX, { error: QUESTION_MESSAGE })),
});

const QuoteSchema = z.object({ exact: z.string(), prefix: z.string(), suffix: z.string() });

const AnswerSchema = z.object({
  /** The passage's id in the index (a number as text), or `chapterId:ord` offline. */
  passageId: z.string(),
  chapterId: z.string(),
  chapterTitle: z.string(),
  heading: z.string(),
  text: z.string(),
  quote: QuoteSchema,
  /** [start, end) of the matched words in `text`. */
  highlights: z.array(z.tuple([z.number(), z.number()])),
});
export type Answer = z.infer<typeof AnswerSchema>;

export const askBook = endpoint({
  method: 'POST',
  path: '/api/books/:id/ask',
  body: AskInput,
  response: z.object({
    /** The logged query, for feedback. */
    queryId: z.string(),
    /** The question's search terms (stop words dropped, stemmed). */
    terms: z.array(z.string()),
    answers: z.array(AnswerSchema),
  }),
});
export type AskResult = z.infer<typeof askBook.response>;

export const FeedbackInput = z.object({
  passageId: z.string().check(z.maxLength(40)),
  helpful: z.boolean({ error: 'Say whether the answer helped.' }),
});

export const sendAskFeedback = endpoint({
  method: 'PUT',
  path: '/api/ask/queries/:queryId/feedback',
  body: FeedbackInput,
  response: z.object({ passageId: z.string(), helpful: z.boolean() }),
});

const BookIndexSchema = z.object({
  bookId: z.string(),
  title: z.string(),
  passages: z.number(),
  /** When its passages were last built; null when never. */
  indexedAt: z.nullable(z.number()),
  /** When the book's text last changed (a price, listing or ISBN change is not one). */
  textUpdatedAt: z.number(),
  /** Indexed from the book's text as it is now. */
  fresh: z.boolean(),
  /** An index job waits or runs for it. */
  queued: z.boolean(),
  queries: z.number(),
});
export type BookIndexRow = z.infer<typeof BookIndexSchema>;

const QueryRowSchema = z.object({
  id: z.string(),
  bookId: z.string(),
  bookTitle: z.string(),
  username: z.string(),
  question: z.string(),
  answers: z.number(),
  latencyMs: z.number(),
  createdAt: z.number(),
  helpful: z.number(),
  notHelpful: z.number(),
});
export type QueryRow = z.infer<typeof QueryRowSchema>;

const FeedbackRowSchema = z.object({
  queryId: z.string(),
  question: z.string(),
  bookTitle: z.string(),
  passage: z.string(),
  helpful: z.boolean(),
  createdAt: z.number(),
});
export type FeedbackRow = z.infer<typeof FeedbackRowSchema>;

export const getRagMonitoring = endpoint({
  method: 'GET',
  path: '/api/admin/rag-monitoring',
  /** The page of the per-book table (from 1). */
  query: z.object({ page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))) }),
  response: z.object({
    totals: z.object({
      books: z.number(),
      indexedBooks: z.number(),
      staleBooks: z.number(),
      passages: z.number(),
      queries: z.number(),
      zeroResultQueries: z.number(),
      /** Over the last 7 days' queries (0 when none). */
      latencyP50Ms: z.number(),
      latencyP95Ms: z.number(),
      helpful: z.number(),
      notHelpful: z.number(),
    }),
    /** One page of books, those stale or not indexed first, then by title. */
    books: z.array(BookIndexSchema),
    booksPage: z.object({ page: z.number(), pageSize: z.number(), total: z.number() }),
    /** Newest first. */
    queries: z.array(QueryRowSchema),
    zeroResults: z.array(QueryRowSchema),
    feedback: z.array(FeedbackRowSchema),
  }),
});
export type RagMonitoring = z.infer<typeof getRagMonitoring.response>;

/** One book (bookId) or every book: one index job per book. */
export const reindexBooks = endpoint({
  method: 'POST',
  path: '/api/admin/rag-monitoring/reindex',
  body: z.object({ bookId: z.optional(z.string().check(z.maxLength(64))) }),
  response: z.object({ jobs: z.number() }),
  status: 202,
});
