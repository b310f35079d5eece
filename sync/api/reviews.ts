/**
 * Ratings and reviews of store books (/book/{id}) and their moderation (/admin/reviews). Only a
 * reader who owns the book may write; the text is plain text, cleaned the same way on both sides
 * (cleanReviewText) so the form's counter and the server agree.
 */
import * as zm from 'zod/mini';
import { endpoint } from './contract';

export const REVIEW_TEXT_MAX = 5000;
export const REVIEW_PAGE_SIZE = 20;
export const ADMIN_REVIEW_PAGE_SIZE = 25;
export const BLOCK_NOTE_MAX = 500;

/** Why a reader may not write a review: the `reason` of a 403, and of `canReview` in the list. */
export const REVIEW_REFUSALS = ['sign_in', 'not_owner', 'own_book', 'blocked'] as const;
export type ReviewRefusal = (typeof REVIEW_REFUSALS)[number];

export const REPORT_REASONS = ['spam', 'offensive', 'spoilers', 'off_topic', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or abusive',
  spoilers: 'Unmarked spoilers',
  off_topic: 'Not about this book',
  other: 'Something else',
};

// Characters that are never wanted in a review: C0 controls but tab and newline, DEL, and the
// bidi overrides that can make text read differently from how it is stored.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNWANTED = /[\u0000-\u0008\u000B-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g;
// Only things that look like tags ("<b>", "</p>", "<img …>"); "I <3 it" and "a < b" survive.
const TAG = /<\/?[a-z][^<>]*>/gi;

/** Plain text as stored and shown: no tags, no control characters, at most one blank line in a row. */
export function cleanReviewText(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(TAG, '')
    .replace(UNWANTED, '')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const RATING_MESSAGE = 'Choose a rating from 1 to 5 stars.';
export const ReviewInput = zm.object({
  rating: zm.int({ error: RATING_MESSAGE }).check(zm.minimum(1, { error: RATING_MESSAGE }), zm.maximum(5, { error: RATING_MESSAGE })),
  text: zm.pipe(
    zm._default(
      zm.optional(
        zm
          .string({ error: 'The review must be text.' })
          .check(zm.maxLength(REVIEW_TEXT_MAX, { error: `Keep the review under ${REVIEW_TEXT_MAX.toLocaleString('en')} characters.` })),
      ),
      '',
    ),
    zm.transform(cleanReviewText),
  ),
});
export type ReviewInput = zm.input<typeof ReviewInput>;

export const ReportInput = zm.object({ reason: zm.enum(REPORT_REASONS, { error: 'Choose what is wrong with this review.' }) });

const page = zm._default(zm.coerce.number().check(zm.refine(Number.isInteger), zm.minimum(1), zm.maximum(100_000)), 1);
export const ReviewPageQuery = zm.object({ page });

const ReviewSchema = zm.object({
  id: zm.string(),
  rating: zm.number(),
  text: zm.string(),
  createdAt: zm.number(),
  updatedAt: zm.number(),
  reviewer: zm.object({ username: zm.string(), displayName: zm.string() }),
  /** The reviewer has the book in their library now. */
  verifiedReader: zm.boolean(),
});
export type Review = zm.infer<typeof ReviewSchema>;
/** The reader's own review, shown to them even when an admin hid it. */
const MyReviewSchema = zm.extend(ReviewSchema, { hidden: zm.boolean() });
export type MyReview = zm.infer<typeof MyReviewSchema>;

export const RatingSummarySchema = zm.object({
  count: zm.number(),
  /** Mean of visible ratings, null before the first. */
  average: zm.nullable(zm.number()),
  /** Visible reviews per star: index 0 is one star, index 4 five. */
  histogram: zm.array(zm.number()),
});
export type RatingSummary = zm.infer<typeof RatingSummarySchema>;

/** Visible reviews, newest first, with the summary and what the caller may do. */
export const listBookReviews = endpoint({
  method: 'GET',
  path: '/api/books/:bookId/reviews',
  query: ReviewPageQuery,
  response: zm.object({
    summary: RatingSummarySchema,
    items: zm.array(ReviewSchema),
    page: zm.number(),
    pageSize: zm.number(),
    total: zm.number(),
    mine: zm.nullable(MyReviewSchema),
    canReview: zm.union([zm.literal('yes'), zm.enum(REVIEW_REFUSALS)]),
  }),
});
export type BookReviewsResponse = zm.infer<typeof listBookReviews.response>;

/** Create or edit the caller's review: 403 with a `reason` (ReviewRefusal) when they may not. */
export const saveMyReview = endpoint({
  method: 'PUT',
  path: '/api/books/:bookId/reviews/mine',
  body: ReviewInput,
  response: zm.object({ review: MyReviewSchema, summary: RatingSummarySchema }),
});
export const deleteMyReview = endpoint({ method: 'DELETE', path: '/api/books/:bookId/reviews/mine', response: zm.undefined(), status: 204 });

/** Once per reporter and review (409 on a repeat); never one's own review. */
export const reportReview = endpoint({
  method: 'POST',
  path: '/api/reviews/:id/report',
  body: ReportInput,
  response: zm.object({ ok: zm.boolean() }),
  status: 201,
});

// ---------- moderation (/api/admin) ----------
export const ADMIN_REVIEW_FILTERS = ['reported', 'hidden', 'all'] as const;
export type AdminReviewFilter = (typeof ADMIN_REVIEW_FILTERS)[number];
export const AdminReviewQuery = zm.object({ filter: zm._default(zm.optional(zm.enum(ADMIN_REVIEW_FILTERS)), 'reported'), page });
export type AdminReviewQuery = zm.input<typeof AdminReviewQuery>;

const AdminReviewRowSchema = zm.object({
  id: zm.string(),
  rating: zm.number(),
  text: zm.string(),
  createdAt: zm.number(),
  updatedAt: zm.number(),
  hidden: zm.boolean(),
  hiddenAt: zm.nullable(zm.number()),
  hiddenBy: zm.nullable(zm.string()),
  book: zm.object({ id: zm.string(), title: zm.string() }),
  reviewer: zm.object({ id: zm.string(), username: zm.string(), displayName: zm.string(), blocked: zm.boolean() }),
  /** Reports not yet dealt with by a hide or restore, and their distinct reasons. */
  openReports: zm.number(),
  reasons: zm.array(zm.enum(REPORT_REASONS)),
});
export type AdminReviewRow = zm.infer<typeof AdminReviewRowSchema>;

const OkSchema = zm.object({ ok: zm.boolean() });
const NOTE_TOO_LONG = { error: `Keep the note under ${BLOCK_NOTE_MAX} characters.` };
export const NoteInput = zm.object({ note: zm._default(zm.optional(zm.string().check(zm.trim(), zm.maxLength(BLOCK_NOTE_MAX, NOTE_TOO_LONG))), '') });
export const BlockInput = zm.object({
  note: zm.string().check(zm.trim(), zm.minLength(1, { error: 'Give a reason; it goes into the audit log.' }), zm.maxLength(BLOCK_NOTE_MAX, NOTE_TOO_LONG)),
});

export const listAdminReviews = endpoint({
  method: 'GET',
  path: '/api/admin/reviews',
  query: AdminReviewQuery,
  response: zm.object({ items: zm.array(AdminReviewRowSchema), page: zm.number(), pageSize: zm.number(), total: zm.number() }),
});
export type AdminReviewPage = zm.infer<typeof listAdminReviews.response>;
/** Hiding or restoring closes the review's open reports: an admin has looked at it. */
export const hideReview = endpoint({ method: 'POST', path: '/api/admin/reviews/:id/hide', body: NoteInput, response: OkSchema });
export const restoreReview = endpoint({ method: 'POST', path: '/api/admin/reviews/:id/restore', body: NoteInput, response: OkSchema });
export const blockReviewer = endpoint({ method: 'POST', path: '/api/admin/users/:id/review-block', body: BlockInput, response: OkSchema });
export const unblockReviewer = endpoint({ method: 'DELETE', path: '/api/admin/users/:id/review-block', response: OkSchema });
