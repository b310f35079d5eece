/**
 * The publishing pipeline's API (server/publishing, decision 035): an author's manuscripts on
 * their way to the store, the metadata form, the commands of sync/publishing/state-machine.ts
 * (one endpoint: the table decides who may give which), the feedback thread, each submitted
 * edition in the reader, and the reviewers' queue and overview under /api/admin/publishing.
 * A publication's id is its manuscript's id.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { CHECK_STATUSES } from '../publishing/checks';
import { PublishingMetadataSchema } from '../publishing/metadata';
import { PUBLISHING_ACTIONS, PUBLISHING_STATES } from '../publishing/state-machine';
import { BookDetailSchema, ChapterSchema } from './books';
import { endpoint } from './contract';
import { ManuscriptCoverSchema } from './covers';

export const COMMENT_MAX = 4000;

const StateSchema = zm.enum(PUBLISHING_STATES);

export const MetadataSchema = zm.object({
  title: zm.string(),
  subtitle: zm.string(),
  description: zm.string(),
  genres: zm.array(zm.string()),
  keywords: zm.array(zm.string()),
  language: zm.string(),
  priceCents: zm.number(),
  currency: zm.string(),
  ageRating: zm.string(),
  series: zm.string(),
  seriesNumber: zm.nullable(zm.number()),
  /** ONIX role codes (sync/publishing/contributors.ts). */
  contributors: zm.array(zm.object({ name: zm.string(), role: zm.string() })),
  /** ISBN-13 digits, '' for none. */
  isbn: zm.string(),
});

/** A free ISBN of the pool of an imprint the author belongs to, which the form offers. */
const PoolChoiceSchema = zm.object({ isbn: zm.string(), hyphenated: zm.string(), imprintName: zm.string() });
export type PoolChoice = zm.infer<typeof PoolChoiceSchema>;

const PublicationSummarySchema = zm.object({
  id: zm.string(),
  /** The metadata's title once saved, else the manuscript's. */
  title: zm.string(),
  ownerName: zm.string(),
  state: StateSchema,
  /** When the latest submission was made (the queue's order and "waiting for"). */
  submittedAt: zm.nullable(zm.number()),
  stateChangedAt: zm.nullable(zm.number()),
  /** The store book, once the first edition was approved. */
  bookId: zm.nullable(zm.string()),
  /** In the store now (an approved edition, not unlisted). */
  listed: zm.boolean(),
});
export type PublicationSummary = zm.infer<typeof PublicationSummarySchema>;

/**
 * A published book's figures for its author, all time: copies sold are its paid order lines (the
 * sales /settings/billing counts, server/billing/earnings.ts), the earnings the author's share of
 * them by billing's royalty split, readers the distinct other people with reading progress on it.
 */
const BookFiguresSchema = zm.object({
  copiesSold: zm.number(),
  /** Of those, refunded since. */
  copiesRefunded: zm.number(),
  /** The author's earnings, one entry per currency (never added together); may be negative after refunds. */
  earnings: zm.array(zm.object({ currency: zm.string(), cents: zm.number() })),
  readers: zm.number(),
});
export type BookFigures = zm.infer<typeof BookFiguresSchema>;

/** One of my manuscripts: with its figures once a store book exists, for an author who may see earnings. */
const MyPublicationSchema = zm.object({ ...PublicationSummarySchema.shape, figures: zm.nullable(BookFiguresSchema) });
export type MyPublication = zm.infer<typeof MyPublicationSchema>;

const EditionSchema = zm.object({
  id: zm.string(),
  number: zm.number(),
  createdAt: zm.number(),
  /** The cover frozen with the edition, for those who may see the publication; null without one. */
  coverUrl: zm.nullable(zm.string()),
});

const EditionCheckSchema = zm.object({
  /** A name of sync/publishing/checks.ts (EDITION_CHECKS). */
  name: zm.string(),
  /** not_run: the check could not run here (its message says why) — never shown as passed. */
  status: zm.enum(CHECK_STATUSES),
  message: zm.string(),
  /** Where each problem is: which chapter, link, image or field, and what is wrong there. */
  findings: zm.array(zm.object({ where: zm.string(), reason: zm.string() })),
  /** This result stops approval (a blocking check failed, or it is still running). */
  blocksApproval: zm.boolean(),
  checkedAt: zm.nullable(zm.number()),
});
export type EditionCheck = zm.infer<typeof EditionCheckSchema>;

export const EventSchema = zm.object({
  id: zm.number(),
  at: zm.number(),
  actorName: zm.string(),
  /** A command, or 'comment'. */
  action: zm.string(),
  fromState: StateSchema,
  toState: StateSchema,
  editionNumber: zm.nullable(zm.number()),
  comment: zm.string(),
});
export type PublicationEvent = zm.infer<typeof EventSchema>;

const PublicationDetailSchema = zm.object({
  ...PublicationSummarySchema.shape,
  manuscriptTitle: zm.string(),
  /** The details as last saved by the author (what the next submission takes). */
  metadata: zm.nullable(MetadataSchema),
  /** The details as submitted with the pending edition (what the reviewer decides on). */
  submittedMetadata: zm.nullable(MetadataSchema),
  /** The commands the viewer may give now (the buttons to show). */
  actions: zm.array(zm.enum(PUBLISHING_ACTIONS)),
  /** The viewer owns the manuscript: may edit the metadata and preview the manuscript itself. */
  isOwner: zm.boolean(),
  /** The edition under review, or the last one submitted. */
  pendingEdition: zm.nullable(EditionSchema),
  /** The edition in the store. */
  liveEdition: zm.nullable(EditionSchema),
  /** History and feedback thread, oldest first. */
  events: zm.array(EventSchema),
  /** The automatic checks of the pending edition (or, with none pending, the live one). */
  checks: zm.array(EditionCheckSchema),
  /** The ebook cover as it is now (set from /cover or the form); the next submission takes it. */
  cover: zm.nullable(ManuscriptCoverSchema),
  /** Why the pending edition cannot be approved now (checks running or failed); null when nothing stands in the way. */
  approvalBlocker: zm.nullable(zm.string()),
  /** Sales and reads, for the owner (with 'earnings:view') once the book was published; null otherwise. */
  figures: zm.nullable(BookFiguresSchema),
  /** For the owner: free ISBNs of their imprints' pools to choose from (empty for anyone else, or without a pool). */
  isbnChoices: zm.array(PoolChoiceSchema),
});
export type PublicationDetail = zm.infer<typeof PublicationDetailSchema>;

/** My manuscripts (those I own), each with its publishing state: draft when never submitted. */
export const listMyPublications = endpoint({
  method: 'GET',
  path: '/api/publishing',
  response: zm.object({ items: zm.array(MyPublicationSchema) }),
});

/** One publication, for the manuscript's owner and for reviewers; 404 for anyone else. */
export const getPublication = endpoint({ method: 'GET', path: '/api/publishing/:id', response: PublicationDetailSchema });

/** Save the metadata form (the owner; not once rejected). It goes to the store only with the next approved edition. */
export const savePublishingMetadata = endpoint({
  method: 'PUT',
  path: '/api/publishing/:id/metadata',
  body: PublishingMetadataSchema,
  response: PublicationDetailSchema,
});

export const PublishingCommandInput = z.strictObject({
  action: z.enum(PUBLISHING_ACTIONS, { error: 'Choose what to do.' }),
  comment: z.string().trim().max(COMMENT_MAX, 'Keep the comment under 4,000 characters.').default(''),
});
export type PublishingCommandInput = z.input<typeof PublishingCommandInput>;

/** Give a command of the state machine: 403 when it is not the viewer's to give, 409 in the wrong state. */
export const runPublishingCommand = endpoint({
  method: 'POST',
  path: '/api/publishing/:id/commands',
  body: PublishingCommandInput,
  response: PublicationDetailSchema,
});

/** A message in the feedback thread, from the owner or a reviewer; changes no state. */
export const commentOnPublication = endpoint({
  method: 'POST',
  path: '/api/publishing/:id/comments',
  body: z.strictObject({ comment: z.string().trim().min(1, 'Write a comment.').max(COMMENT_MAX, 'Keep the comment under 4,000 characters.') }),
  response: PublicationDetailSchema,
});

/** A submitted edition in the reader's book shape (status "edition"), for the owner and reviewers. */
export const getEditionBook = endpoint({ method: 'GET', path: '/api/publishing/editions/:id/book', response: BookDetailSchema });
export const getEditionChapter = endpoint({ method: 'GET', path: '/api/publishing/editions/:id/book/chapters/:chapterId', response: ChapterSchema });

/** Reviewers: everything submitted or in review, oldest submission first. */
export const listReviewQueue = endpoint({
  method: 'GET',
  path: '/api/admin/publishing/queue',
  response: zm.object({ items: zm.array(PublicationSummarySchema) }),
});

const PublicationsQuery = z.object({ state: z.enum(PUBLISHING_STATES).optional() });

/** Reviewers: every publication (or those in one state), with a count per state. */
export const listPublications = endpoint({
  method: 'GET',
  path: '/api/admin/publishing',
  query: PublicationsQuery,
  response: zm.object({ items: zm.array(PublicationSummarySchema), counts: zm.record(StateSchema, zm.number()) }),
});
